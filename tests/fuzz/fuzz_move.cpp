// Fuzz target: UCI move parsing against a position. The first line picks a
// position (a FEN, or the start position if it does not parse); each later
// word is parsed as a move and, if legal, played.
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "movegen.h"
#include "position.h"

using namespace shiftmate;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static bool ready = (Position::init(), true);
  (void)ready;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::string fen, word;
  std::getline(in, fen);
  Position pos;
  pos.set(fen);
  std::vector<Move> played;
  while (in >> word) {
    Move m = parse_uci_move(pos, word);
    if (!m) continue;
    if (!MoveList<LEGAL>(pos).contains(m)) std::abort();  // parsed moves are legal
    // The text it came from, but for the promotion letter's case.
    std::string lowered = word;
    if (lowered.size() == 5)
      lowered[4] = char(std::tolower(static_cast<unsigned char>(lowered[4])));
    if (pos.move_to_uci(m) != lowered && m.kind() != CASTLING) std::abort();
    pos.do_move(m);
    played.push_back(m);
    if (!pos.is_consistent()) std::abort();
  }
  for (auto it = played.rbegin(); it != played.rend(); ++it) pos.undo_move(*it);
  if (!pos.is_consistent()) std::abort();
  return 0;
}
