// A trained network's float weights, written beside the rounded net that
// plays, so that the next round of training starts where this one ended.
//
// A net file holds int16 weights; one pass at a chain step's small learning
// rates moves most weights by less than half a rounding step, so a round that
// starts from the rounded file loses whatever the last one moved short of a
// step. Starting from the checkpoint keeps it (Adam's moments and the
// learning-rate schedule still start afresh each run).
#pragma once

#include <optional>
#include <string>

#include "training/trainer.h"

namespace shiftmate {

// `train --output NET` writes NET + FloatCheckpointSuffix with the kept epoch.
inline constexpr const char* FloatCheckpointSuffix = ".float";

// Whether `path` starts with the checkpoint's magic (false for a net file,
// a missing file or anything else).
bool is_float_checkpoint(const std::string& path);

std::optional<std::string> save_float_checkpoint(const std::string& path, const FloatNetwork& net);
// Refuses a checkpoint of another shape (input mapping aside, which it sets),
// a short or overlong file, and weights that are not finite.
std::optional<std::string> load_float_checkpoint(const std::string& path, FloatNetwork& net);

// A checkpoint NET.float loaded into `net` must round to the net beside it,
// NET, where that exists: train writes the two together, and a net replaced
// without its checkpoint would otherwise start the next run from the old
// weights unnoticed. Compares the first layer (the output layer is refitted
// after rounding); names how many weights differ when they do.
std::optional<std::string> check_checkpoint_matches_net(const std::string& path,
                                                        const FloatNetwork& net);

}  // namespace shiftmate
