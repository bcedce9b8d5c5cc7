// Fuzz target: the FEN parser. Whatever the input, set() either rejects it
// with a message or yields a consistent position that round-trips.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "movegen.h"
#include "position.h"

using namespace shiftmate;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static bool ready = (Position::init(), true);
  (void)ready;
  std::string text(reinterpret_cast<const char*>(data), size);
  Position pos;
  std::string before = pos.fen();
  if (auto error = pos.set(text)) {
    if (error->empty() || pos.fen() != before) std::abort();  // rejected: unchanged, explained
    return 0;
  }
  if (!pos.is_consistent()) std::abort();
  Position again;
  if (again.set(pos.fen(), pos.is_chess960()) || again.fen() != pos.fen()) std::abort();
  // Every legal move makes and unmakes cleanly.
  for (Move m : MoveList<LEGAL>(pos)) {
    Key key = pos.key();
    pos.do_move(m);
    if (!pos.is_consistent()) std::abort();
    pos.undo_move(m);
    if (pos.key() != key) std::abort();
  }
  return 0;
}
