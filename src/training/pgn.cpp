#include "training/pgn.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>

#include "parse.h"
#include "san.h"
#include "score.h"

namespace shiftmate {

namespace {

// Only a comment's first word can hold the score; the rest (a PV, node
// counts) is not kept.
constexpr std::size_t MaxCommentKept = 256;

constexpr std::string_view Blanks = " \t";

bool is_result(std::string_view word) {
  return word == "1-0" || word == "0-1" || word == "1/2-1/2" || word == "*";
}

GameResult game_result(std::string_view result) {
  return result == "1-0"   ? GameResult::WHITE_WINS
         : result == "0-1" ? GameResult::BLACK_WINS
                           : GameResult::DRAW;
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The Termination values of fastchess, cutechess and the PGN standard whose
// result the board did not decide ("normal" and "adjudication" it did).
bool result_off_the_board(std::string_view termination) {
  static constexpr std::string_view OffTheBoard[] = {
      "time forfeit",       "illegal move", "abandoned",        "unterminated",
      "stalled connection", "emergency",    "rules infraction", "death"};
  const std::string value = lower(termination);
  return std::find(std::begin(OffTheBoard), std::end(OffTheBoard), value) != std::end(OffTheBoard);
}

}  // namespace

std::string_view pgn_skip_name(PgnSkip why) {
  switch (why) {
    case PgnSkip::ILLEGAL_MOVE:
      return "illegal move";
    case PgnSkip::BAD_TAG:
      return "bad tag";
    case PgnSkip::NO_RESULT:
      return "no result";
    case PgnSkip::CUT_OFF:
      return "cut off";
    case PgnSkip::OFF_THE_BOARD:
      return "result off the board";
  }
  return "?";
}

std::optional<int> pgn_comment_score(std::string_view comment) {
  const auto start = comment.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos) return std::nullopt;
  comment.remove_prefix(start);
  std::string_view word = comment.substr(0, comment.find_first_of(" \t\r\n,"));
  const auto slash = word.find('/');
  if (slash == std::string_view::npos || !parse_number<int>(word.substr(slash + 1), 0))
    return std::nullopt;
  std::string_view score = word.substr(0, slash);
  int sign = 1;
  if (!score.empty() && (score.front() == '+' || score.front() == '-')) {
    sign = score.front() == '-' ? -1 : 1;
    score.remove_prefix(1);
  }
  if (!score.empty() && score.front() == 'M') {
    auto plies = parse_number<int>(score.substr(1), 0);
    if (!plies) return std::nullopt;
    return sign * (VALUE_MATE - std::min(*plies, MAX_PLY));
  }
  // Digits, then an optional fraction: no exponent, no second sign.
  if (score.empty() || !std::isdigit(static_cast<unsigned char>(score.front())) ||
      score.find_first_not_of("0123456789.") != std::string_view::npos)
    return std::nullopt;
  // Read by hand: libc++ (the WebAssembly build's) has no from_chars for double.
  double pawns = 0, place = 1;
  bool fraction = false;
  for (char c : score) {
    if (c == '.') {
      if (fraction) return std::nullopt;
      fraction = true;
    } else if (fraction) {
      pawns += (c - '0') * (place /= 10);
    } else {
      pawns = pawns * 10 + (c - '0');
    }
  }
  const double limit = VALUE_MATE_IN_MAX_PLY - 1;  // a centipawn score never reads as a mate
  return sign * int(std::lround(std::min(pawns * 100, limit)));
}

PgnReader::PgnReader(GameHandler gameHandler, SkipHandler skipHandler)
    : onGame(std::move(gameHandler)), onSkip(std::move(skipHandler)) {}

void PgnReader::read_line(std::string_view line, std::uint64_t number) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (!inComment) {
    const auto first = line.find_first_not_of(Blanks);
    if (first == std::string_view::npos) return;
    if (line[first] == '[') return tag_line(line.substr(first), number);
    if (first == 0 && line[0] == '%') return;  // PGN's escape line: not game text
  }
  movetext(line, number);
}

void PgnReader::finish() {
  if (inGame) {
    drop_pending();
    onSkip({PgnSkip::CUT_OFF, gameCount, firstLine,
            "the input ends inside it (a file still being written or cut short)"});
  }
  close_game();
  inComment = false;
}

void PgnReader::begin_game(std::uint64_t number) {
  ++gameCount;
  inGame = true;
  inMovetext = setUpDone = chess960 = false;
  firstLine = number;
  problem.reset();
  fenTag.reset();
  setUpTag.reset();
  resultTag.clear();
  whiteName.clear();
  blackName.clear();
  terminationTag.clear();
  records.clear();
  pending.reset();
  gameUnscored = 0;
  variationDepth = 0;
}

void PgnReader::tag_line(std::string_view text, std::uint64_t number) {
  if (inGame && inMovetext) {  // the game ended without a result
    fail(PgnSkip::NO_RESULT, number, "no result: the next game's tags come first");
    drop_pending();
    onSkip(*problem);
    close_game();
  }
  if (!inGame) begin_game(number);
  // One or more `[Name "value"]`, the value with \" and \\ escapes.
  for (;;) {
    text.remove_prefix(std::min(text.size(), text.find_first_not_of(Blanks)));
    if (text.empty()) return;
    const std::string_view whole = text;
    auto bad = [&] { fail(PgnSkip::BAD_TAG, number, fmt::format("bad tag line '{}'", whole)); };
    if (text.front() != '[') return bad();
    text.remove_prefix(1);
    std::size_t nameEnd = 0;
    while (nameEnd < text.size() &&
           (std::isalnum(static_cast<unsigned char>(text[nameEnd])) || text[nameEnd] == '_'))
      ++nameEnd;
    const std::string_view name = text.substr(0, nameEnd);
    text.remove_prefix(nameEnd);
    text.remove_prefix(std::min(text.size(), text.find_first_not_of(Blanks)));
    if (name.empty() || text.empty() || text.front() != '"') return bad();
    std::string value;
    std::size_t i = 1;
    for (; i < text.size() && text[i] != '"'; ++i) {
      if (text[i] == '\\' && i + 1 < text.size()) ++i;
      value += text[i];
    }
    if (i == text.size()) return bad();
    text.remove_prefix(i + 1);
    text.remove_prefix(std::min(text.size(), text.find_first_not_of(Blanks)));
    if (text.empty() || text.front() != ']') return bad();
    text.remove_prefix(1);
    tag(name, value, number);
  }
}

void PgnReader::tag(std::string_view name, std::string_view value, std::uint64_t number) {
  if (name == "FEN") fenTag = std::string(value);
  if (name == "SetUp") setUpTag = std::string(value);
  if (name == "White") whiteName = value;
  if (name == "Black") blackName = value;
  if (name == "Termination") terminationTag = value;
  if (name == "Result") {
    if (!is_result(value))
      return fail(PgnSkip::BAD_TAG, number, fmt::format("Result tag '{}' is not a result", value));
    resultTag = value;
  }
  if (name == "Variant") {
    const std::string variant = lower(value);
    if (variant == "chess960" || variant == "fischerandom")
      chess960 = true;
    else if (variant != "standard")
      fail(PgnSkip::BAD_TAG, number, fmt::format("variant '{}' is not chess or Chess960", value));
  }
}

void PgnReader::movetext(std::string_view text, std::uint64_t number) {
  std::size_t i = 0;
  while (i < text.size()) {
    if (inComment) {
      const auto close = text.find('}', i);
      const auto piece = text.substr(i, close == std::string_view::npos ? close : close - i);
      commentText.append(
          piece.substr(0, MaxCommentKept - std::min(MaxCommentKept, commentText.size())));
      if (close == std::string_view::npos) {
        commentText += ' ';  // a comment over several lines
        return;
      }
      inComment = false;
      i = close + 1;
      comment(commentText);
      continue;
    }
    const char c = text[i];
    if (c == ' ' || c == '\t') {
      ++i;
    } else if (c == '{') {
      inComment = true;
      commentText.clear();
      ++i;
    } else if (c == ';') {
      return;  // a comment to the end of the line
    } else if (c == '(' || c == ')') {
      if (!inGame) begin_game(number);
      inMovetext = true;
      if (c == '(')
        ++variationDepth;
      else if (variationDepth > 0)
        --variationDepth;
      else
        fail(PgnSkip::ILLEGAL_MOVE, number, "')' without '('");
      ++i;
    } else {
      const auto end = std::min(text.size(), text.find_first_of(" \t{};()", i));
      token(text.substr(i, end - i), number);
      i = end;
    }
  }
}

void PgnReader::token(std::string_view word, std::uint64_t number) {
  if (!inGame) begin_game(number);
  inMovetext = true;
  if (is_result(word)) return end_game(word, number);
  if (variationDepth > 0 || word.front() == '$') return;  // a variation's move; a NAG
  // A move number, "12." or "12...", possibly with the move joined on.
  std::size_t digits = 0;
  while (digits < word.size() && std::isdigit(static_cast<unsigned char>(word[digits]))) ++digits;
  std::size_t dots = digits;
  while (dots < word.size() && word[dots] == '.') ++dots;
  if (dots == word.size()) return;  // only digits and dots
  if (dots > digits) word.remove_prefix(dots);
  play(word, number);
}

void PgnReader::comment(std::string_view text) {
  if (!inGame || variationDepth > 0 || !pending) return;
  if (auto score = pgn_comment_score(text)) {
    pending->score = std::int16_t(*score);
    records.push_back(*pending);
    pending.reset();
  }
}

bool PgnReader::set_up(std::uint64_t number) {
  if (setUpDone) return true;
  setUpDone = true;
  if (setUpTag == "1" && !fenTag) {
    fail(PgnSkip::BAD_TAG, number, "SetUp tag without a FEN tag");
    return false;
  }
  if (auto error = pos.set(fenTag.value_or(std::string(START_FEN)), chess960)) {
    fail(PgnSkip::BAD_TAG, number, fmt::format("bad FEN tag: {}", *error));
    return false;
  }
  return true;
}

void PgnReader::play(std::string_view san, std::uint64_t number) {
  if (problem || !set_up(number)) return;
  const Move m = parse_san(pos, san);
  if (!m)
    return fail(PgnSkip::ILLEGAL_MOVE, number,
                fmt::format("'{}' is not a legal move for {} at move {} ({})", san,
                            pos.side_to_move() == WHITE ? "white" : "black", pos.fullmove_number(),
                            pos.fen()));
  drop_pending();
  // The result is known at the game's end; the score when the comment comes.
  if (!player || *player == (pos.side_to_move() == WHITE ? whiteName : blackName))
    pending = PackedPosition::pack(pos, 0, StmResult::DRAW, pos.is_noisy(m));
  pos.do_move(m);
}

void PgnReader::end_game(std::string_view result, std::uint64_t number) {
  drop_pending();
  if (!problem && set_up(number)) {
    // Before '*': a match broken off ends `*` with Termination "unterminated".
    if (result_off_the_board(terminationTag))
      fail(PgnSkip::OFF_THE_BOARD, number,
           fmt::format("its Termination tag says '{}'", terminationTag));
    else if (result == "*")
      fail(PgnSkip::NO_RESULT, number, "no result ('*')");
    else if (!resultTag.empty() && resultTag != result)
      fail(PgnSkip::BAD_TAG, number,
           fmt::format("the Result tag says '{}' but the moves end with '{}'", resultTag, result));
  }
  if (problem) {
    onSkip(*problem);
  } else {
    for (PackedPosition& r : records)
      r.result = std::uint8_t(stm_result(game_result(result), r.side_to_move()));
    unscoredMoves += gameUnscored;
    if (player && *player != whiteName && *player != blackName) ++gamesWithoutPlayer;
    onGame(records);
  }
  close_game();
}

void PgnReader::fail(PgnSkip why, std::uint64_t number, std::string message) {
  if (!problem) problem = Skip{why, gameCount, number, std::move(message)};
}

void PgnReader::close_game() {
  inGame = false;
  variationDepth = 0;
}

void PgnReader::drop_pending() {
  if (pending) ++gameUnscored;
  pending.reset();
}

}  // namespace shiftmate
