// PGN games as training records, for `shiftmate convert`: the games that
// fastchess, cutechess and OpenBench write, with the engine's score of each
// move in the comment after it (`{+0.35/12 0.123s}`, `{-M6/20}`).
//
// A scored move makes one record of the position before it (the position
// the engine searched), as datagen records a searched position: the score
// from the mover's view (the side to move's, as the record wants), the game's
// result, and the flags (in check; the move played a capture or promotion).
// Moves without a score (`{book}`, no comment) are played but not recorded.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "position.h"
#include "training/packed_position.h"

namespace shiftmate {

// Why a game gives no records.
enum class PgnSkip : std::uint8_t {
  ILLEGAL_MOVE,   // a move that is not legal or not SAN, or unbalanced ( )
  BAD_TAG,        // a malformed tag line, a bad FEN, a variant other than chess or
                  // Chess960, a Result tag the moves' end contradicts
  NO_RESULT,      // `*`, or the next game's tags before a result
  CUT_OFF,        // the input ends inside the game (a file still being written)
  OFF_THE_BOARD,  // the Termination tag says the result came from off the board: a
                  // time forfeit, an illegal move, an engine that stopped answering
                  // or a match broken off; the result says nothing of the positions
};
constexpr int PgnSkipCount = 5;
std::string_view pgn_skip_name(PgnSkip why);

// The score in a move's comment, in centipawns from the mover's view: the
// comment's first word as `score/depth`, the score in pawns (+0.35, -1.2)
// or a mate as `+M<plies>`/`-M<plies>` (fastchess and cutechess count plies),
// which becomes the search's mate score for that distance (VALUE_MATE - plies).
// Centipawns stay below the mate range. None for `book` and other comments.
std::optional<int> pgn_comment_score(std::string_view comment);

// Reads PGN line by line (a game never has to fit in memory as text) and
// hands over each whole game's records, or the reason it was skipped.
class PgnReader {
 public:
  struct Skip {
    PgnSkip why;
    std::uint64_t game;  // 1 for the first game read
    std::uint64_t line;  // where the problem is (a cut-off game: where it starts)
    std::string message;
  };
  using GameHandler = std::function<void(std::span<const PackedPosition>)>;
  using SkipHandler = std::function<void(const Skip&)>;

  PgnReader(GameHandler onGame, SkipHandler onSkip);

  // Record only the moves of the engine whose White or Black tag is `name`:
  // in a match against another engine only our side's scores are on our
  // scale. The other side's moves are played, neither recorded nor counted.
  void record_only(std::string name) { player = std::move(name); }

  // The next line (without its newline) and its number in the input.
  void read_line(std::string_view line, std::uint64_t number);
  // The input has ended: a game still open is reported as CUT_OFF.
  void finish();

  std::uint64_t games() const { return gameCount; }
  // Moves of converted games whose comments have no score.
  std::uint64_t unscored_moves() const { return unscoredMoves; }
  // Converted games in which neither side is record_only's engine.
  std::uint64_t games_without_player() const { return gamesWithoutPlayer; }

 private:
  void begin_game(std::uint64_t number);
  void tag_line(std::string_view text, std::uint64_t number);
  void tag(std::string_view name, std::string_view value, std::uint64_t number);
  void movetext(std::string_view text, std::uint64_t number);
  void token(std::string_view word, std::uint64_t number);
  void comment(std::string_view text);
  void play(std::string_view san, std::uint64_t number);
  bool set_up(std::uint64_t number);
  void end_game(std::string_view result, std::uint64_t number);
  void fail(PgnSkip why, std::uint64_t number, std::string message);  // keeps the first
  void close_game();
  void drop_pending();

  GameHandler onGame;
  SkipHandler onSkip;
  std::uint64_t gameCount = 0, unscoredMoves = 0, gamesWithoutPlayer = 0;
  std::optional<std::string> player;  // record_only's engine

  // Movetext state that outlives a line.
  bool inComment = false;
  std::string commentText;
  int variationDepth = 0;  // inside ( ): a variation, not played

  // The game being read.
  bool inGame = false, inMovetext = false, setUpDone = false;
  std::uint64_t firstLine = 0;
  std::optional<Skip> problem;  // the first one
  std::optional<std::string> fenTag, setUpTag;
  std::string resultTag, whiteName, blackName, terminationTag;
  bool chess960 = false;
  Position pos;
  std::vector<PackedPosition> records;
  std::optional<PackedPosition> pending;  // before the last move, waiting for its score
  std::uint64_t gameUnscored = 0;
};

}  // namespace shiftmate
