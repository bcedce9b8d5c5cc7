// `shiftmate datagen|convert|datainfo|train|wdlfit ...`: the training data
// pipeline on the command line. Each takes its arguments with argv[0] its own
// name and returns the process exit code (2: a usage error).
#pragma once

namespace shiftmate {

int datagen_command(int argc, char** argv);
int convert_command(int argc, char** argv);
int datainfo_command(int argc, char** argv);
int train_command(int argc, char** argv);
int wdlfit_command(int argc, char** argv);

}  // namespace shiftmate
