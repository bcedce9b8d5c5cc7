// `shiftmate datagen|convert|datainfo|train|wdlfit ...`: the training data
// pipeline on the command line. Each takes its arguments with argv[0] its own
// name and returns the process exit code (2: a usage error); its _syntax
// function defines the options it parses.
#pragma once

#include "command.h"

namespace shiftmate {

int datagen_command(int argc, char** argv);
int convert_command(int argc, char** argv);
int datainfo_command(int argc, char** argv);
int train_command(int argc, char** argv);
int wdlfit_command(int argc, char** argv);

CommandSyntax datagen_syntax();
CommandSyntax convert_syntax();
CommandSyntax datainfo_syntax();
CommandSyntax train_syntax();
CommandSyntax wdlfit_syntax();

}  // namespace shiftmate
