// A trained network's float weights, written beside the rounded net that
// plays, so that the next round of training starts where this one ended.
//
// A net file holds int16 weights in steps of 1/QA; one pass at the chain's
// learning rates moves most weights by less than half a step, so a round that
// starts from the rounded file loses whatever the last round moved short of a
// step (n18 changed 20% of the file's values). Starting from the checkpoint
// keeps it: two chained rounds then train as one long run would.
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

}  // namespace shiftmate
