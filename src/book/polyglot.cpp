#include "polyglot.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "movegen.h"
#include "polyglot_random.h"
#include "util/regular_file.h"

namespace shiftmate::book {

namespace {

constexpr int CastlingOffset = 768;
constexpr int EnPassantOffset = 772;
constexpr int TurnOffset = 780;
constexpr std::uint64_t EntrySize = 16;

// Polyglot orders pieces black pawn, white pawn, black knight, ...
int piece_kind(Piece p) { return 2 * (type_of(p) - 1) + (color_of(p) == WHITE ? 1 : 0); }

std::uint64_t read_big_endian(const unsigned char* bytes, int count) {
  std::uint64_t value = 0;
  for (int i = 0; i < count; ++i) value = (value << 8) | bytes[i];
  return value;
}

}  // namespace

Key polyglot_key(const Position& pos) {
  Key key = 0;
  for (Bitboard b = pos.pieces(); b;) {
    Square s = pop_lsb(b);
    key ^= PolyglotRandom[64 * piece_kind(pos.piece_on(s)) + s];
  }
  constexpr std::array<CastlingRights, 4> rightsInOrder = {WHITE_OO, WHITE_OOO, BLACK_OO,
                                                           BLACK_OOO};
  for (int i = 0; i < 4; ++i)
    if (pos.can_castle(rightsInOrder[i])) key ^= PolyglotRandom[CastlingOffset + i];
  const Color us = pos.side_to_move();
  if (Square ep = pos.ep_square(); ep != SQ_NONE && (pawn_attacks(~us, ep) & pos.pieces(us, PAWN)))
    key ^= PolyglotRandom[EnPassantOffset + file_of(ep)];
  if (us == WHITE) key ^= PolyglotRandom[TurnOffset];
  return key;
}

Move decode_move(const Position& pos, std::uint16_t bookMove) {
  const Square to = Square(bookMove & 63), from = Square((bookMove >> 6) & 63);
  const int promotion = (bookMove >> 12) & 7;
  if (promotion > 4) return Move::none();
  for (Move m : MoveList<LEGAL>(pos)) {
    if (m.from() != from || m.to() != to) continue;  // castling: king takes rook in both
    const int ours = m.kind() == PROMOTION ? m.promotion() - KNIGHT + 1 : 0;
    if (ours == promotion) return m;
  }
  return Move::none();
}

std::optional<std::string> PolyglotBook::open(const std::string& path) {
  close();
  if (auto error = not_a_regular_file(path)) return error;
  std::ifstream in(path_from_utf8(path), std::ios::binary | std::ios::ate);
  if (!in) return fmt::format("cannot open '{}'", path);
  const auto size = static_cast<std::uint64_t>(in.tellg());
  if (size == 0 || size % EntrySize != 0)
    return fmt::format(
        "'{}' is not a Polyglot book ({} bytes, not a whole number of 16-byte "
        "entries)",
        path, size);
  file = std::move(in);
  filePath = path;
  entryCount = size / EntrySize;
  return std::nullopt;
}

void PolyglotBook::close() {
  file.close();
  file.clear();
  filePath.clear();
  entryCount = 0;
}

std::optional<PolyglotBook::Entry> PolyglotBook::read_entry(std::uint64_t index) {
  unsigned char bytes[EntrySize];
  file.clear();
  file.seekg(std::streamoff(index * EntrySize));
  if (!file.read(reinterpret_cast<char*>(bytes), EntrySize)) return std::nullopt;
  return Entry{read_big_endian(bytes, 8), std::uint16_t(read_big_endian(bytes + 8, 2)),
               std::uint16_t(read_big_endian(bytes + 10, 2))};
}

std::vector<BookMove> PolyglotBook::moves(const Position& pos) {
  std::vector<BookMove> found;
  if (!is_open()) return found;
  const Key key = polyglot_key(pos);
  // Binary search for the first entry with this key, reading from the file:
  // a book of any size costs about 20 reads per probe and no memory.
  std::uint64_t lo = 0, hi = entryCount;
  while (lo < hi) {
    std::uint64_t mid = lo + (hi - lo) / 2;
    auto entry = read_entry(mid);
    if (!entry) return found;
    if (entry->key < key)
      lo = mid + 1;
    else
      hi = mid;
  }
  for (std::uint64_t i = lo; i < entryCount; ++i) {
    auto entry = read_entry(i);
    if (!entry || entry->key != key) break;
    Move m = decode_move(pos, entry->move);
    // An illegal move means a key collision or a damaged book: skip it.
    if (!m || entry->weight == 0) continue;
    auto same =
        std::find_if(found.begin(), found.end(), [&](const BookMove& b) { return b.move == m; });
    if (same == found.end())
      found.push_back({m, entry->weight});
    else
      same->weight = std::max(same->weight, entry->weight);
  }
  std::stable_sort(found.begin(), found.end(),
                   [](const BookMove& a, const BookMove& b) { return a.weight > b.weight; });
  return found;
}

Move PolyglotBook::choose(const Position& pos, bool best, std::uint64_t random) {
  const std::vector<BookMove> candidates = moves(pos);
  if (candidates.empty()) return Move::none();
  if (best) return candidates.front().move;
  std::uint64_t total = 0;
  for (const BookMove& b : candidates) total += b.weight;
  std::uint64_t pick = random % total;
  for (const BookMove& b : candidates) {
    if (pick < b.weight) return b.move;
    pick -= b.weight;
  }
  return candidates.back().move;
}

}  // namespace shiftmate::book
