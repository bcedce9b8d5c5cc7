#include "engine.h"

#include <fmt/format.h>

#include "movegen.h"
#include "nnue/inference.h"

namespace shiftmate {

Engine::Engine() : search(tt) {}

Engine::~Engine() {
  search.stop();
  search.wait();
}

std::optional<std::string> Engine::set_position(const std::string& fen,
                                                const std::vector<std::string>& moves) {
  Position next;
  if (auto error = next.set(fen, chess960Mode)) return "bad FEN: " + *error;
  for (const std::string& text : moves) {
    Move m = parse_uci_move(next, text);
    if (!m) {
      pos = std::move(next);
      return fmt::format("illegal move '{}' in position; kept the moves before it",
                         text.substr(0, 16));
    }
    next.do_move(m);
  }
  pos = std::move(next);
  return std::nullopt;
}

void Engine::go(const SearchLimits& limits, SearchCallbacks callbacks) {
  search.start(pos, limits, options, std::move(callbacks));
}

void Engine::new_game() {
  search.stop();
  search.wait();
  tt.clear(search.threads());
  search.clear();
}

bool Engine::set_hash(std::size_t mb) {
  search.stop();
  search.wait();
  return tt.resize(mb, search.threads());
}

bool Engine::set_threads(int n) {
  search.stop();
  search.wait();
  return search.set_threads(n);
}

void Engine::clear_hash() {
  search.stop();
  search.wait();
  tt.clear(search.threads());
}

std::optional<std::string> Engine::set_eval_file(const std::string& value) {
  search.stop();
  search.wait();
  std::optional<std::string> error;
  if (value == EmbeddedNetName)
    nnue::use_embedded_network();
  else
    error = nnue::use_network_file(value);
  if (!error) {  // the hash's static evaluations and the correction history are the old net's
    tt.clear(search.threads());
    search.clear();
  }
  return error;
}

syzygy::LoadReport Engine::set_syzygy_path(const std::string& paths) {
  search.stop();
  search.wait();
  return syzygy::load(paths);
}

void Engine::set_chess960(bool on) {
  chess960Mode = on;
  pos.set_chess960(on || pos.is_chess960());
}

}  // namespace shiftmate
