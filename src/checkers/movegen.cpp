#include "checkers/movegen.h"

#include <bit>

#include "checkers/magic.h"

namespace shiftmate::checkers {

namespace {

// The lowest square of `b`, taken out of it.
Square pop_square(Board& b) {
  Square s = std::countr_zero(b);
  b &= b - 1;
  return s;
}

// Whether a king on `at` can take a piece of `enemy` not yet in `taken`.
// The tables only name a first piece that has an empty square behind it.
bool king_can_jump(const KingTables& tables, Square at, Board occupied, Board enemy, Board taken) {
  Board victims = 0;
  for (int diagonal = 0; diagonal < DiagonalCount; ++diagonal) {
    const DiagonalReach& r = tables.reach(at, diagonal, occupied);
    victims |= r.victim[0] | r.victim[1];
  }
  return victims & enemy & ~taken;
}

// The pieces of the side to move that have a capture.
struct Jumpers {
  Board men = 0, kings = 0;
  bool any() const { return men | kings; }
};

Jumpers find_jumpers(const Position& pos, const KingTables& tables) {
  Side us = pos.sideToMove;
  Board enemy = pos.pieces[opponent(us)], occupied = pos.occupied(), empty = ~occupied;
  Jumpers j;
  // Men, all at once: over an enemy piece onto an empty square, each
  // direction one masked double rotation, then rotated back to the start.
  for (Direction d : AllDirections) {
    Board landings = step(step(pos.men[us] & CanJump[d], d) & enemy, d) & empty;
    j.men |= step_back(step_back(landings, d), d);
  }
  for (Board kings = pos.kings(us); kings;) {
    Square s = pop_square(kings);
    if (king_can_jump(tables, s, occupied, enemy, 0)) j.kings |= square_bb(s);
  }
  return j;
}

// Depth-first search of the capture sequences of one piece.
class CaptureSearch {
 public:
  CaptureSearch(const Position& pos, const KingTables& kingTables, MoveList& output,
                CapturePaths pathRule)
      : tables(kingTables),
        list(output),
        paths(pathRule),
        us(pos.sideToMove),
        enemy(pos.pieces[opponent(us)]),
        occupiedWithMover(pos.occupied()) {}

  void from_man(Square s) {
    start(s);
    man_jumps(s, 0);
  }

  void from_king(Square s) {
    start(s);
    king_jumps(s, 0);
  }

 private:
  void start(Square s) {
    move = Move{};
    move.from = std::uint8_t(s);
    // The mover's square counts as empty: it may pass or land there again.
    occupied = occupiedWithMover & ~square_bb(s);
    firstOfPiece = list.size();
    landedCount = 0;
  }

  void man_jumps(Square at, Board taken) {
    Board here = square_bb(at);
    bool jumped = false;
    for (Direction d : AllDirections) {
      Board victim = step(here & CanJump[d], d) & enemy & ~taken;
      Board landing = step(victim, d) & ~occupied;
      if (!landing) continue;
      jumped = true;
      Square to = std::countr_zero(landing);
      landed[landedCount++] = std::uint8_t(to);
      // Crowned on the far rank, it goes on (if it can) as a king.
      if (landing & PromotionRank[us]) {
        move.promotes = true;
        king_jumps(to, taken | victim);
        move.promotes = false;
      } else {
        man_jumps(to, taken | victim);
      }
      --landedCount;
    }
    if (!jumped) finish(taken);
  }

  void king_jumps(Square at, Board taken) {
    bool jumped = false;
    for (int diagonal = 0; diagonal < DiagonalCount; ++diagonal) {
      const DiagonalReach& r = tables.reach(at, diagonal, occupied);
      for (int way = 0; way < 2; ++way) {
        Board victim = r.victim[way] & enemy & ~taken;
        if (!victim) continue;
        jumped = true;
        Board nowTaken = taken | victim;
        // Where a further capture is possible the king must land there;
        // otherwise any square behind the piece ends the move.
        Board onward = 0;
        for (Board b = r.landings[way]; b;) {
          Square l = pop_square(b);
          if (king_can_jump(tables, l, occupied, enemy, nowTaken)) onward |= square_bb(l);
        }
        for (Board b = onward ? onward : r.landings[way]; b;) {
          Square l = pop_square(b);
          landed[landedCount++] = std::uint8_t(l);
          if (onward)
            king_jumps(l, nowTaken);
          else
            finish(nowTaken);
          --landedCount;
        }
      }
    }
    if (!jumped) finish(taken);
  }

  // Records the sequence that ends on the last landed square.
  void finish(Board taken) {
    if (landedCount == 0) return;  // the piece had no capture at all
    move.taken = taken;
    move.to = landed[landedCount - 1];
    move.stopCount = std::uint8_t(landedCount - 1);
    for (int i = 0; i + 1 < landedCount; ++i) move.stops[i] = landed[i];
    if (paths == CapturePaths::Merged)
      for (int i = firstOfPiece; i < list.size(); ++i)
        if (list[i].same_outcome(move)) return;
    list.add(move);
  }

  const KingTables& tables;
  MoveList& list;
  CapturePaths paths;
  Side us;
  Board enemy, occupiedWithMover, occupied = 0;
  Move move{};
  int firstOfPiece = 0;
  // Squares landed on so far; a side has twelve pieces to take.
  std::uint8_t landed[MaxStops + 1] = {};
  int landedCount = 0;
};

void generate_captures(const Position& pos, const KingTables& tables, const Jumpers& jumpers,
                       MoveList& list, CapturePaths paths) {
  CaptureSearch search(pos, tables, list, paths);
  for (Board b = jumpers.men; b;) search.from_man(pop_square(b));
  for (Board b = jumpers.kings; b;) search.from_king(pop_square(b));
}

// A king's quiet moves: the empty squares before the first piece on both
// of its diagonals.
Board king_slides(const KingTables& tables, Square s, Board occupied) {
  return tables.reach(s, 0, occupied).slides | tables.reach(s, 1, occupied).slides;
}

}  // namespace

bool has_capture(const Position& position) { return find_jumpers(position, king_tables()).any(); }

void generate_moves(const Position& pos, MoveList& list, CapturePaths paths) {
  const KingTables& tables = king_tables();
  list.clear();
  Jumpers jumpers = find_jumpers(pos, tables);
  if (jumpers.any()) {
    generate_captures(pos, tables, jumpers, list, paths);
    return;
  }

  Side us = pos.sideToMove;
  Board occupied = pos.occupied();
  for (Direction d : Forward[us])
    for (Board targets = step(pos.men[us] & CanStep[d], d) & ~occupied; targets;) {
      Square to = pop_square(targets);
      Move m{};
      m.from = std::uint8_t(std::countr_zero(step_back(square_bb(to), d)));
      m.to = std::uint8_t(to);
      m.promotes = PromotionRank[us] & square_bb(to);
      list.add(m);
    }
  for (Board kings = pos.kings(us); kings;) {
    Square from = pop_square(kings);
    for (Board targets = king_slides(tables, from, occupied); targets;) {
      Move m{};
      m.from = std::uint8_t(from);
      m.to = std::uint8_t(pop_square(targets));
      list.add(m);
    }
  }
}

std::uint64_t count_moves(const Position& pos, CapturePaths paths) {
  const KingTables& tables = king_tables();
  Jumpers jumpers = find_jumpers(pos, tables);
  if (jumpers.any()) {
    MoveList list;
    generate_captures(pos, tables, jumpers, list, paths);
    return list.size();
  }
  Side us = pos.sideToMove;
  Board occupied = pos.occupied();
  std::uint64_t count = 0;
  for (Direction d : Forward[us])
    count += std::popcount(step(pos.men[us] & CanStep[d], d) & ~occupied);
  for (Board kings = pos.kings(us); kings;)
    count += std::popcount(king_slides(tables, pop_square(kings), occupied));
  return count;
}

}  // namespace shiftmate::checkers
