// A slow, independent Russian checkers move generator for the tests: a plain
// 8x8 array, every direction walked square by square, capture sequences
// found by a recursive search. It shares nothing with src/checkers but the
// square coordinates, so the fast generator (bit rotations, magic tables) is
// checked against a second reading of the rules.
#pragma once

#include <algorithm>
#include <array>
#include <set>
#include <string>
#include <vector>

#include "checkers/position.h"

namespace checkers_reference {

using shiftmate::checkers::Side;

enum Cell : char { Empty = '.', WhiteMan = 'w', WhiteKing = 'W', BlackMan = 'b', BlackKing = 'B' };

struct Coord {
  int file, rank;
  bool operator==(const Coord&) const = default;
  auto operator<=>(const Coord&) const = default;
};

inline std::string coord_name(Coord c) { return {char('a' + c.file), char('1' + c.rank)}; }

struct RefMove {
  std::vector<Coord> path;  // start, every landing square, end
  std::set<Coord> taken;
  bool promotes = false;

  // The move in the fast generator's notation, then what it takes and
  // whether it crowns: "c3:e5:c7 x d4,d6" or "c3-d4 +".
  std::string text() const {
    std::string t = coord_name(path[0]);
    for (std::size_t i = 1; i < path.size(); ++i) {
      t += taken.empty() ? '-' : ':';
      t += coord_name(path[i]);
    }
    return t + outcome_suffix();
  }
  // Start, end, pieces taken and crowning, without the path.
  std::string outcome() const {
    return coord_name(path.front()) + ">" + coord_name(path.back()) + outcome_suffix();
  }

 private:
  std::string outcome_suffix() const {
    std::string t;
    if (!taken.empty()) {
      t += " x ";
      for (Coord c : taken) {
        if (t.size() > 3) t += ',';
        t += coord_name(c);
      }
    }
    return promotes ? t + " +" : t;
  }
};

class Board {
 public:
  explicit Board(const shiftmate::checkers::Position& pos) : toMove(pos.sideToMove) {
    for (auto& rank : cells) rank.fill(Empty);
    for (int s = 0; s < shiftmate::checkers::SquareCount; ++s) {
      auto bit = shiftmate::checkers::square_bb(s);
      Cell c = Empty;
      if (pos.pieces[shiftmate::checkers::White] & bit)
        c = pos.men[shiftmate::checkers::White] & bit ? WhiteMan : WhiteKing;
      if (pos.pieces[shiftmate::checkers::Black] & bit)
        c = pos.men[shiftmate::checkers::Black] & bit ? BlackMan : BlackKing;
      cells[shiftmate::checkers::rank_of(s)][shiftmate::checkers::file_of(s)] = c;
    }
  }

  // Every legal move: all capture sequences if any exists, else the steps.
  std::vector<RefMove> moves() const {
    std::vector<RefMove> captures, quiet;
    for (int rank = 0; rank < 8; ++rank)
      for (int file = 0; file < 8; ++file) {
        if (!mine({file, rank})) continue;
        Board work = *this;
        work.at({file, rank}) = Empty;  // the mover's square counts as empty
        RefMove m;
        m.path.push_back({file, rank});
        work.capture_search(m, is_king({file, rank}), captures);
        add_steps({file, rank}, quiet);
      }
    return captures.empty() ? quiet : captures;
  }

  bool operator==(const Board&) const = default;

  // The board after `m`; taken pieces go only now.
  Board after(const RefMove& m) const {
    Board next = *this;
    Cell piece = at(m.path.front());
    next.at(m.path.front()) = Empty;
    for (Coord c : m.taken) next.at(c) = Empty;
    if (m.promotes) piece = toMove == shiftmate::checkers::White ? WhiteKing : BlackKing;
    next.at(m.path.back()) = piece;
    next.toMove = Side(toMove ^ 1);
    return next;
  }

 private:
  static constexpr int Directions[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

  static bool inside(Coord c) { return c.file >= 0 && c.file < 8 && c.rank >= 0 && c.rank < 8; }
  Cell at(Coord c) const { return cells[c.rank][c.file]; }
  Cell& at(Coord c) { return cells[c.rank][c.file]; }
  bool is_white(Coord c) const { return at(c) == WhiteMan || at(c) == WhiteKing; }
  bool is_black(Coord c) const { return at(c) == BlackMan || at(c) == BlackKing; }
  bool mine(Coord c) const {
    return toMove == shiftmate::checkers::White ? is_white(c) : is_black(c);
  }
  bool theirs(Coord c) const {
    return toMove == shiftmate::checkers::White ? is_black(c) : is_white(c);
  }
  bool is_king(Coord c) const { return at(c) == WhiteKing || at(c) == BlackKing; }
  int forward() const { return toMove == shiftmate::checkers::White ? 1 : -1; }
  int crowning_rank() const { return toMove == shiftmate::checkers::White ? 7 : 0; }

  void add_steps(Coord from, std::vector<RefMove>& out) const {
    for (const auto& d : Directions) {
      if (!is_king(from) && d[1] != forward()) continue;
      for (Coord c{from.file + d[0], from.rank + d[1]}; inside(c) && at(c) == Empty;
           c = {c.file + d[0], c.rank + d[1]}) {
        RefMove m;
        m.path = {from, c};
        m.promotes = !is_king(from) && c.rank == crowning_rank();
        out.push_back(m);
        if (!is_king(from)) break;  // a man steps one square
      }
    }
  }

  // The captures available to a piece on the last square of `m`: the piece
  // taken and the squares it may land on, per direction.
  struct Jump {
    Coord victim;
    std::vector<Coord> landings;
  };
  std::vector<Jump> jumps(const RefMove& m, bool king) const {
    std::vector<Jump> found;
    Coord here = m.path.back();
    for (const auto& d : Directions) {
      Coord c{here.file + d[0], here.rank + d[1]};
      if (king)
        while (inside(c) && at(c) == Empty) c = {c.file + d[0], c.rank + d[1]};
      // Taken pieces stay on the board until the end and cannot be taken again.
      if (!inside(c) || !theirs(c) || m.taken.count(c)) continue;
      Jump j{c, {}};
      for (Coord l{c.file + d[0], c.rank + d[1]}; inside(l) && at(l) == Empty;
           l = {l.file + d[0], l.rank + d[1]}) {
        j.landings.push_back(l);
        if (!king) break;  // a man lands right behind
      }
      if (!j.landings.empty()) found.push_back(j);
    }
    return found;
  }

  void capture_search(RefMove& m, bool king, std::vector<RefMove>& out) const {
    std::vector<Jump> available = jumps(m, king);
    if (available.empty()) {
      if (!m.taken.empty()) out.push_back(m);
      return;
    }
    for (const Jump& j : available) {
      m.taken.insert(j.victim);
      // A king must choose a landing square that lets it capture again
      // when one does.
      std::vector<Coord> onward;
      for (Coord l : j.landings) {
        RefMove probe = m;
        probe.path.push_back(l);
        bool crowned = king || l.rank == crowning_rank();
        if (!jumps(probe, crowned).empty()) onward.push_back(l);
      }
      for (Coord l : onward.empty() ? j.landings : onward) {
        bool crowned = !king && l.rank == crowning_rank();
        bool wasPromoted = m.promotes;
        m.path.push_back(l);
        m.promotes = m.promotes || crowned;
        capture_search(m, king || crowned, out);
        m.path.pop_back();
        m.promotes = wasPromoted;
      }
      m.taken.erase(j.victim);
    }
  }

  std::array<std::array<Cell, 8>, 8> cells;
  Side toMove;
};

// Perft by walking the reference tree, one move per path (`mergePaths`:
// one per outcome).
inline std::uint64_t perft(const Board& board, int depth, bool mergePaths) {
  if (depth == 0) return 1;
  std::vector<RefMove> moves = board.moves();
  std::uint64_t nodes = 0;
  std::set<std::string> seen;
  for (const RefMove& m : moves)
    if (!mergePaths || seen.insert(m.outcome()).second)
      nodes += perft(board.after(m), depth - 1, mergePaths);
  return nodes;
}

}  // namespace checkers_reference
