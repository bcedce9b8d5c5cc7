// The network's output, and which network the engine evaluates with.
#pragma once

#include <optional>
#include <string>

#include "nnue/accumulator.h"
#include "nnue/network.h"

namespace shiftmate::nnue {

// The output neuron (the bucket for pos's piece count) on pos's up-to-date
// accumulator: centipawns from the side to move's point of view.
int output(const Network& net, const Accumulator& acc, const Position& pos);

// The output for a position, from a fresh accumulator.
int evaluate(const Network& net, const Position& pos);

// The same computed in floating point from the position alone (no
// quantisation shortcuts): the reference the tests hold the fast path to.
// `without` leaves that square's piece out (what the piece is worth).
double reference_output(const Network& net, const Position& pos, Square without = SQ_NONE);

// The network the engine evaluates with: the embedded one until EvalFile
// names another.
const Network& active_network();
std::string active_network_name();
// Loads a network file and makes it active; on error nothing changes.
std::optional<std::string> use_network_file(const std::string& path);
// Goes back to the network compiled into the binary.
void use_embedded_network();

// The kernels in use (simd::name(): "avx512", "avx2", "neon", "scalar" or
// Highway's target).
const char* simd_name();

}  // namespace shiftmate::nnue
