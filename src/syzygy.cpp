#include "syzygy.h"

#include <fmt/format.h>
#include <tbprobe.h>

#include <array>
#include <atomic>
#include <climits>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "movegen.h"
#include "util/platform.h"

namespace shiftmate::syzygy {

namespace {

namespace fs = std::filesystem;

std::mutex loadMutex;               // fathom's tables are global
std::atomic<int> largestLoaded{0};  // read by the search threads
std::string loadedPaths;

// The first four bytes of every table file, little-endian.
constexpr std::uint32_t WdlMagic = 0x5d23e871, DtzMagic = 0xa50c66d7;

// Fathom trusts the files it finds; check what it would read so that a
// damaged file is named instead of silently failing every probe.
std::optional<std::string> file_problem(const fs::path& file, std::uint32_t magic) {
  std::error_code ec;
  auto size = fs::file_size(file, ec);
  if (ec) return fmt::format("cannot read {}", utf8_from_path(file));
  if (size % 64 != 16)
    return fmt::format("{} is incomplete ({} bytes)", utf8_from_path(file), size);
  std::ifstream in(file, std::ios::binary);
  std::array<unsigned char, 4> head{};
  in.read(reinterpret_cast<char*>(head.data()), head.size());
  std::uint32_t found = head[0] | head[1] << 8 | head[2] << 16 | std::uint32_t(head[3]) << 24;
  if (!in || found != magic) return fmt::format("{} is not a Syzygy table", utf8_from_path(file));
  return std::nullopt;
}

struct Board {
  std::uint64_t white, black, kings, queens, rooks, bishops, knights, pawns;
  unsigned ep;
  bool whiteToMove;
};

Board board_of(const Position& pos) {
  return {pos.pieces(WHITE),
          pos.pieces(BLACK),
          pos.pieces(KING),
          pos.pieces(QUEEN),
          pos.pieces(ROOK),
          pos.pieces(BISHOP),
          pos.pieces(KNIGHT),
          pos.pieces(PAWN),
          pos.ep_square() == SQ_NONE ? 0u : unsigned(pos.ep_square()),
          pos.side_to_move() == WHITE};
}

bool covered(const Position& pos) {
  int largest = largestLoaded.load(std::memory_order_relaxed);
  return largest && popcount(pos.pieces()) <= largest && !pos.castling_rights();
}

Wdl wdl_from_fathom(unsigned v) { return Wdl(int(v) - 2); }

// The legal move that fathom's from/to/promotion code names.
Move find_move(const Position& pos, unsigned from, unsigned to, unsigned promotes) {
  static constexpr PieceType Promotions[] = {NO_PIECE_TYPE, QUEEN, ROOK, BISHOP, KNIGHT};
  for (Move m : MoveList<LEGAL>(pos)) {
    if (unsigned(m.from()) != from || unsigned(m.to()) != to) continue;
    PieceType promotion = m.kind() == PROMOTION ? m.promotion() : NO_PIECE_TYPE;
    if (promotes < 5 && promotion == Promotions[promotes]) return m;
  }
  return Move::none();
}

}  // namespace

LoadReport load(const std::string& paths) {
  std::lock_guard lock(loadMutex);
  LoadReport report;
  std::string usable;
  if (!paths.empty() && paths != "<empty>") {
    std::size_t start = 0;
    while (start <= paths.size()) {
      std::size_t end = paths.find(PathListSeparator, start);
      if (end == std::string::npos) end = paths.size();
      std::string dir = paths.substr(start, end - start);
      start = end + 1;
      if (dir.empty()) continue;
      std::error_code ec;
      if (!fs::is_directory(path_from_utf8(dir), ec)) {
        report.problems.push_back(fmt::format("{} is not a directory", dir));
        continue;
      }
      bool openable = true;
      int wdlFiles = 0, dtzFiles = 0;
      std::vector<std::string> problems;
      for (const auto& entry : fs::directory_iterator(path_from_utf8(dir), ec)) {
        std::string ext = entry.path().extension().string();
        bool wdl = ext == ".rtbw", dtz = ext == ".rtbz";
        if (!wdl && !dtz) continue;
        // Fathom would open a FIFO or a device of a table's name and wait
        // on it forever: such a directory is not given to it at all.
        std::error_code typeError;
        const auto type = entry.status(typeError).type();
        if (type == fs::file_type::fifo || type == fs::file_type::character ||
            type == fs::file_type::block || type == fs::file_type::socket) {
          report.problems.push_back(fmt::format("{} is not a regular file; {} skipped",
                                                utf8_from_path(entry.path()), dir));
          openable = false;
          break;
        }
        if (auto problem = file_problem(entry.path(), wdl ? WdlMagic : DtzMagic))
          problems.push_back(*problem);
        else
          ++(wdl ? wdlFiles : dtzFiles);
      }
      if (!openable) continue;
      report.problems.insert(report.problems.end(), problems.begin(), problems.end());
      report.wdlFiles += wdlFiles;
      report.dtzFiles += dtzFiles;
      // Fathom opens files with the narrow API and splits its list at the same separator.
      if (!usable.empty()) usable += PathListSeparator;
      usable += narrow_path_for_c_library(dir);
    }
  }
  // Fathom re-reads nothing for an unchanged path; its re-initialisation
  // also prints a line on stderr for every table it unmaps.
  if (usable != loadedPaths || !largestLoaded) tb_init(usable.c_str());
  loadedPaths = usable;
  largestLoaded = usable.empty() ? 0 : int(TB_LARGEST);
  report.largest = largestLoaded.load();
  return report;
}

int max_pieces() { return largestLoaded.load(std::memory_order_relaxed); }

std::optional<Wdl> probe_wdl(const Position& pos) {
  if (!covered(pos) || pos.rule50()) return std::nullopt;
  Board b = board_of(pos);
  unsigned v = tb_probe_wdl(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops, b.knights,
                            b.pawns, 0, 0, b.ep, b.whiteToMove);
  if (v == TB_RESULT_FAILED) return std::nullopt;
  return wdl_from_fathom(v);
}

std::optional<DtzProbe> probe_dtz(const Position& pos) {
  if (!covered(pos)) return std::nullopt;
  std::lock_guard lock(loadMutex);  // fathom's root probe is not thread-safe
  Board b = board_of(pos);
  unsigned v =
      tb_probe_root(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops, b.knights, b.pawns,
                    unsigned(std::min(pos.rule50(), 255)), 0, b.ep, b.whiteToMove, nullptr);
  if (v == TB_RESULT_FAILED) return std::nullopt;
  if (v == TB_RESULT_CHECKMATE) return DtzProbe{Wdl::Loss, 0};
  if (v == TB_RESULT_STALEMATE) return DtzProbe{Wdl::Draw, 0};
  Wdl wdl = wdl_from_fathom(TB_GET_WDL(v));
  int dtz = int(TB_GET_DTZ(v));
  return DtzProbe{wdl, int(wdl) < 0 ? -dtz : dtz};
}

std::optional<RootRanking> rank_root_moves(const Position& pos, bool useRule50) {
  if (!covered(pos)) return std::nullopt;
  std::lock_guard lock(loadMutex);
  Board b = board_of(pos);
  auto results = std::make_unique<TbRootMoves>();
  unsigned rule50 = unsigned(std::min(pos.rule50(), 255));
  bool repeated = pos.has_repeated(INT_MAX);
  int ok =
      tb_probe_root_dtz(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops, b.knights, b.pawns,
                        rule50, 0, b.ep, b.whiteToMove, repeated, useRule50, results.get());
  const bool byDtz = ok;
  if (!ok)  // no DTZ table: what the WDL tables say
    ok = tb_probe_root_wdl(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops, b.knights,
                           b.pawns, rule50, 0, b.ep, b.whiteToMove, useRule50, results.get());
  if (!ok) return std::nullopt;

  // Ranks at or beyond this bound are results the 50-move rule cannot change.
  const int bound = useRule50 ? 900 : 1;
  RootRanking ranked{{}, byDtz};
  for (unsigned i = 0; i < results->size; ++i) {
    const TbRootMove& r = results->moves[i];
    Move m = find_move(pos, TB_MOVE_FROM(r.move), TB_MOVE_TO(r.move), TB_MOVE_PROMOTES(r.move));
    if (!m) return std::nullopt;  // a move we do not know: trust neither side
    int rank = r.tbRank;
    Wdl wdl = rank >= bound   ? Wdl::Win
              : rank > 0      ? Wdl::CursedWin
              : rank == 0     ? Wdl::Draw
              : rank > -bound ? Wdl::BlessedLoss
                              : Wdl::Loss;
    ranked.moves.push_back({m, rank, wdl});
  }
  return ranked;
}

const char* wdl_name(Wdl wdl) {
  switch (wdl) {
    case Wdl::Loss:
      return "Loss";
    case Wdl::BlessedLoss:
      return "BlessedLoss";
    case Wdl::Draw:
      return "Draw";
    case Wdl::CursedWin:
      return "CursedWin";
    case Wdl::Win:
      return "Win";
  }
  return "?";
}

}  // namespace shiftmate::syzygy
