#include "training/packed_position.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <cerrno>
#include <cstddef>
#include <filesystem>
#include <limits>
#include <memory>

#include "bitboard.h"
#include "parse.h"
#include "score.h"
#include "util/file_io.h"
#include "util/platform.h"

namespace shiftmate {

// The record is written and read as raw bytes: the layout must be the
// documented one and the machine little-endian.
static_assert(std::endian::native == std::endian::little, "the record is little-endian");
static_assert(offsetof(PackedPosition, pieces) == 8 && offsetof(PackedPosition, score) == 24 &&
              offsetof(PackedPosition, result) == 26 && offsetof(PackedPosition, flags) == 27 &&
              offsetof(PackedPosition, epSquare) == 28 && offsetof(PackedPosition, rule50) == 29 &&
              offsetof(PackedPosition, fullmove) == 30);

namespace {

// A rook that still carries a castling right: the rook code with all three
// type bits set (7 white, 15 black).
constexpr int CastlingRookCode = 7;
constexpr std::uint8_t KnownFlags = PackedPosition::FlagBlackToMove | PackedPosition::FlagInCheck |
                                    PackedPosition::FlagNoisyBest | PackedPosition::FlagChess960;
constexpr int MaxPieces = 32;

// Records per read(2) in read_packed_file: 2 MiB.
constexpr std::size_t ChunkRecords = 1 << 16;

constexpr std::string_view PieceLetters = " PNBRQK  pnbrqk";

int code_at(const PackedPosition& p, int index) {
  return (p.pieces[index / 2] >> (4 * (index & 1))) & 15;
}

Color castling_rook_color(int code) { return code & 8 ? BLACK : WHITE; }

// Closes a file descriptor when it goes out of scope.
struct FileDescriptor {
  int fd;
  ~FileDescriptor() {
    if (fd >= 0) close_file(fd);
  }
};

std::string_view trim(std::string_view v) {
  while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
  while (!v.empty() && (v.back() == ' ' || v.back() == '\t' || v.back() == '\r'))
    v.remove_suffix(1);
  return v;
}

}  // namespace

PackedPosition PackedPosition::pack(const Position& pos, int score, StmResult result,
                                    bool noisyBest) {
  PackedPosition p{};
  p.occupancy = pos.pieces();

  Bitboard castlingRooks = 0;
  for (CastlingRights cr : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO})
    if (pos.can_castle(cr)) castlingRooks |= square_bb(pos.castling_rook_square(cr));
  int index = 0;
  for (Bitboard b = p.occupancy; b; ++index) {
    Square s = pop_lsb(b);
    int code = pos.piece_on(s);
    if (castlingRooks & square_bb(s)) code |= CastlingRookCode;
    p.pieces[index / 2] |= std::uint8_t(code << (4 * (index & 1)));
  }

  p.score = std::int16_t(std::clamp(score, int(std::numeric_limits<std::int16_t>::min()),
                                    int(std::numeric_limits<std::int16_t>::max())));
  p.result = std::uint8_t(result);
  p.flags = (pos.side_to_move() == BLACK ? FlagBlackToMove : 0) |
            (pos.in_check() ? FlagInCheck : 0) | (noisyBest ? FlagNoisyBest : 0) |
            (pos.is_chess960() ? FlagChess960 : 0);
  p.epSquare = pos.ep_square() == SQ_NONE ? NoEnPassant : std::uint8_t(pos.ep_square());
  p.rule50 = std::uint8_t(std::min(pos.rule50(), 255));
  p.fullmove = std::uint16_t(std::min(pos.fullmove_number(), 65535));
  return p;
}

std::optional<std::string> validate_packed(const PackedPosition& p) {
  if (p.flags & ~KnownFlags)
    return fmt::format("unknown flag bits 0x{:02x}", p.flags & ~KnownFlags);
  if (p.result > std::uint8_t(StmResult::WIN))
    return fmt::format("result {} is not 0, 1 or 2", p.result);
  if (p.epSquare > PackedPosition::NoEnPassant)
    return fmt::format("en passant square {} is not a square", p.epSquare);
  int count = std::popcount(p.occupancy);
  if (count > MaxPieces) return fmt::format("{} pieces (at most {})", count, MaxPieces);

  int kings[COLOR_NB] = {};
  std::uint64_t occ = p.occupancy;
  for (int i = 0; occ; ++i, occ &= occ - 1) {
    int code = code_at(p, i), s = std::countr_zero(occ);
    if (code == NO_PIECE || code == 8)
      return fmt::format("bad piece code {} on {}", code, square_name(Square(s)));
    if ((code & 7) == KING) ++kings[code >> 3];
    if ((code & 7) == CastlingRookCode) {
      Color c = castling_rook_color(code);
      if (s / 8 != (c == WHITE ? 0 : 7))
        return fmt::format("castling rook on {} is not on {}'s first rank", square_name(Square(s)),
                           c == WHITE ? "white" : "black");
    }
  }
  if (kings[WHITE] != 1 || kings[BLACK] != 1)
    return fmt::format("{} white and {} black kings", kings[WHITE], kings[BLACK]);
  return std::nullopt;
}

std::optional<std::string> PackedPosition::unpack(Position& pos) const {
  if (auto error = validate_packed(*this)) return error;

  // The placement, plus the castling rooks' files as Shredder-FEN letters.
  char board[64];
  std::fill(std::begin(board), std::end(board), '.');
  std::string castlingFiles[COLOR_NB];
  std::uint64_t occ = occupancy;
  for (int i = 0; occ; ++i, occ &= occ - 1) {
    int code = code_at(*this, i), s = std::countr_zero(occ);
    if ((code & 7) == CastlingRookCode) {
      Color c = castling_rook_color(code);
      castlingFiles[c] += char((c == WHITE ? 'A' : 'a') + s % 8);
      code = make_piece(c, ROOK);
    }
    board[s] = PieceLetters[code];
  }
  std::string fen;
  for (int rank = 7; rank >= 0; --rank) {
    int emptyRun = 0;
    for (int file = 0; file < 8; ++file) {
      char c = board[rank * 8 + file];
      if (c == '.') {
        ++emptyRun;
        continue;
      }
      if (emptyRun) fen += char('0' + emptyRun), emptyRun = 0;
      fen += c;
    }
    if (emptyRun) fen += char('0' + emptyRun);
    if (rank) fen += '/';
  }
  fen += side_to_move() == WHITE ? " w " : " b ";

  // Standard games keep KQkq (what Position::fen writes for them); Chess960
  // and any other rook or king file use the rook files.
  const bool chess960 = flags & FlagChess960;
  std::string castling;
  for (Color c : {WHITE, BLACK}) {
    const int homeRank = c == WHITE ? 0 : 7;
    const bool kingOnE = board[homeRank * 8 + 4] == (c == WHITE ? 'K' : 'k');
    for (char f : castlingFiles[c]) {
      int file = std::tolower(f) - 'a';
      bool standard = !chess960 && kingOnE && (file == 0 || file == 7);
      char letter = standard ? (file == 7 ? 'K' : 'Q') : char('A' + file);
      castling += c == WHITE ? letter : char(std::tolower(letter));
    }
  }
  fen += castling.empty() ? "-" : castling;
  fen += ' ';
  fen += epSquare == NoEnPassant ? "-" : square_name(Square(epSquare));
  fen += fmt::format(" {} {}", rule50, fullmove);

  Position built;
  if (auto error = built.set(fen, chess960)) return fmt::format("{} (as FEN: {})", *error, fen);
  if (built.is_chess960() != chess960)
    return fmt::format(
        "castling with a king or rook off its standard file needs the Chess960 "
        "flag (as FEN: {})",
        fen);
  if (built.in_check() != in_check())
    return fmt::format("the in-check flag is {} but the side to move is {}in check", in_check(),
                       built.in_check() ? "" : "not ");
  pos = std::move(built);
  return std::nullopt;
}

DropReason drop_reason(const DataFilter& filter, const PackedPosition& p) {
  if (filter.skipInCheck && p.in_check()) return DropReason::IN_CHECK;
  if (filter.skipNoisyBest && p.noisy_best()) return DropReason::NOISY_BEST;
  if (std::abs(int(p.score)) > filter.maxAbsScore) return DropReason::SCORE;
  if (p.fullmove < filter.minFullmove) return DropReason::EARLY;
  return DropReason::KEPT;
}

bool DataFilter::accepts(const PackedPosition& p) const {
  return drop_reason(*this, p) == DropReason::KEPT;
}

std::optional<std::string> read_packed_file(
    const std::string& path, const std::function<void(std::span<const PackedPosition>)>& visit) {
  FileDescriptor file{open_for_reading(path)};
  if (file.fd < 0) return fmt::format("cannot open '{}': {}", path, errno_text());
  auto size = file_size(file.fd);
  if (!size) return fmt::format("cannot read '{}': {}", path, errno_text());
  if (*size % sizeof(PackedPosition))
    return fmt::format("'{}' is {} bytes, not a whole number of {}-byte records", path, *size,
                       sizeof(PackedPosition));

  auto chunk = std::make_unique<PackedPosition[]>(ChunkRecords);
  std::uint64_t index = 0;
  for (;;) {
    std::int64_t n = read_fully(file.fd, chunk.get(), ChunkRecords * sizeof(PackedPosition));
    if (n < 0) return fmt::format("cannot read '{}': {}", path, errno_text());
    if (n % sizeof(PackedPosition))  // the file changed under us
      return fmt::format("'{}' ends with a partial record", path);
    std::size_t count = std::size_t(n) / sizeof(PackedPosition);
    for (std::size_t i = 0; i < count; ++i, ++index)
      if (auto error = validate_packed(chunk[i]))
        return fmt::format("'{}' record {}: {}", path, index, *error);
    if (count) visit(std::span<const PackedPosition>(chunk.get(), count));
    if (count < ChunkRecords) return std::nullopt;
  }
}

std::optional<std::string> load_packed_file(const std::string& path, const DataFilter& filter,
                                            std::vector<PackedPosition>& out, LoadReport* report) {
  const std::size_t before = out.size();
  std::error_code ec;
  auto bytes = std::filesystem::file_size(path_from_utf8(path), ec);
  if (!ec) out.reserve(before + bytes / sizeof(PackedPosition));
  LoadReport counts;
  auto error = read_packed_file(path, [&](std::span<const PackedPosition> records) {
    counts.read += records.size();
    for (const PackedPosition& p : records)
      if (filter.accepts(p)) out.push_back(p);
  });
  if (error) {
    out.resize(before);
    return error;
  }
  counts.kept = out.size() - before;
  if (report) report->read += counts.read, report->kept += counts.kept;
  return std::nullopt;
}

std::optional<std::string> append_packed_file(const std::string& path,
                                              const std::vector<PackedPosition>& records) {
  FileDescriptor file{open_for_appending(path)};
  if (file.fd < 0) return fmt::format("cannot open '{}': {}", path, errno_text());
  if (!write_all(file.fd, records.data(), records.size() * sizeof(PackedPosition)))
    return fmt::format("cannot write '{}': {}", path, errno_text());
  return std::nullopt;
}

std::optional<std::string> parse_text_record(std::string_view line, PackedPosition& out) {
  auto bar1 = line.find('|');
  auto bar2 = bar1 == std::string_view::npos ? bar1 : line.find('|', bar1 + 1);
  if (bar2 == std::string_view::npos || line.find('|', bar2 + 1) != std::string_view::npos)
    return std::string("expected `FEN | score | result`");
  std::string_view fen = trim(line.substr(0, bar1));
  std::string_view scoreText = trim(line.substr(bar1 + 1, bar2 - bar1 - 1));
  std::string_view resultText = trim(line.substr(bar2 + 1));

  auto score = parse_number<int>(scoreText, -VALUE_MATE, VALUE_MATE);
  if (!score) return fmt::format("score '{}' is not a number of centipawns", scoreText);
  GameResult result;
  if (resultText == "1.0")
    result = GameResult::WHITE_WINS;
  else if (resultText == "0.5")
    result = GameResult::DRAW;
  else if (resultText == "0.0")
    result = GameResult::BLACK_WINS;
  else
    return fmt::format("result '{}' is not 1.0, 0.5 or 0.0", resultText);

  Position pos;
  if (auto error = pos.set(fen)) return fmt::format("bad FEN: {}", *error);
  // The text is from White's view; the record from the side to move's.
  bool black = pos.side_to_move() == BLACK;
  // The old datagen kept only positions with a quiet best move.
  out = PackedPosition::pack(pos, black ? -*score : *score, stm_result(result, pos.side_to_move()),
                             false);
  return std::nullopt;
}

}  // namespace shiftmate
