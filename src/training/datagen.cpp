#include "training/datagen.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>

#include "movegen.h"
#include "parse.h"
#include "position.h"
#include "random.h"
#include "score.h"
#include "search.h"
#include "training/packed_position.h"
#include "tt.h"
#include "util/file_io.h"
#include "util/platform.h"

namespace shiftmate {

namespace {

constexpr std::uint64_t RecordBytes = sizeof(PackedPosition);

// splitmix64's finaliser: spreads seeds that differ in a few bits.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

// The output file, opened for appending and locked against a second
// datagen on the same file.
struct OutputFile {
  int fd = -1;
  std::uint64_t records = 0;  // complete records
  std::uint64_t bytes = 0;    // file size, all of it complete records
  std::uint64_t cut = 0;      // bytes of a partial last record removed

  ~OutputFile() {
    if (fd >= 0) close_file(fd);
  }

  // Counts the complete records, checks that the file holds records (not an
  // old text file) and cuts off a partial last record.
  std::optional<std::string> open(const std::string& path) {
    fd = open_for_appending(path);
    if (fd < 0) return fmt::format("cannot open '{}': {}", path, errno_text());
    if (!try_lock_file(fd)) return fmt::format("'{}' is being written by another process", path);
    auto fileSize = file_size(fd);
    if (!fileSize) return fmt::format("cannot read '{}': {}", path, errno_text());
    std::uint64_t size = *fileSize;
    records = size / RecordBytes;
    bytes = records * RecordBytes;
    cut = size - bytes;
    // The first and last records are enough to tell another format.
    for (std::uint64_t index : {std::uint64_t(0), records - 1}) {
      if (!records) break;
      PackedPosition p;
      if (!read_at(fd, &p, RecordBytes, index * RecordBytes))
        return fmt::format("cannot read '{}': {}", path, errno_text());
      if (auto error = validate_packed(p))
        return fmt::format("'{}' does not hold training records (record {}: {})", path, index,
                           *error);
    }
    if (cut && !truncate_file(fd, bytes))
      return fmt::format("cannot truncate '{}': {}", path, errno_text());
    return std::nullopt;
  }
};

// What the game threads share: the file, the counters and the stop state.
struct Shared {
  Shared(const DatagenOptions& o, const std::atomic<bool>& s, OutputFile& f)
      : options(o), stop(s), records(f.records), file(f) {}

  bool stopping() const {
    return stop.load(std::memory_order_relaxed) || failed.load(std::memory_order_relaxed);
  }
  bool done() const { return stopping() || records.load() >= options.positions; }

  void fail(std::string message) {
    std::lock_guard lock(mutex);
    if (!error) error = std::move(message);
    failed = true;
  }

  // Appends one finished game: its records in one write, then counts it.
  void finish_game(const std::vector<PackedPosition>& game, GameResult result) {
    std::lock_guard lock(mutex);
    if (failed) return;
    if (!game.empty()) {
      if (!write_all(file.fd, game.data(), game.size() * RecordBytes)) {
        error = fmt::format("cannot write the output file: {}", errno_text());
        failed = true;
        // Leave no partial record behind (a disk that filled up mid-game).
        if (!truncate_file(file.fd, file.bytes)) *error += "; its last record may be partial";
        return;
      }
      file.bytes += game.size() * RecordBytes;
      records += game.size();
    }
    ++games;
    ++results[int(result)];
  }

  const DatagenOptions& options;
  const std::atomic<bool>& stop;
  std::atomic<bool> failed{false};
  std::atomic<std::uint64_t> records;  // in the file

  std::mutex mutex;  // guards the file and everything below
  OutputFile& file;
  std::uint64_t games = 0;
  std::uint64_t results[3] = {};  // by GameResult
  std::optional<std::string> error;
};

// One game thread: its own table, search and random generator.
class GameThread {
 public:
  GameThread(Shared& s, int index) : shared(s), search(tt), rng(seed_for(s, index)) {}

  bool allocate() { return tt.resize(shared.options.hashMB); }
  void interrupt() { search.stop(); }

  void run() {
    while (!shared.done()) play_game();
  }

 private:
  using Choice = NodeSearchResult;

  static std::uint64_t seed_for(const Shared& s, int index) {
    return mix(mix(mix(s.options.seed) + std::uint64_t(index)) + s.file.records);
  }

  Choice think(const Position& pos) {
    const std::uint64_t hard = shared.options.hardNodes ? shared.options.hardNodes
                                                        : HardNodesFactor * shared.options.nodes;
    return search_nodes(search, pos, shared.options.nodes, hard);
  }

  // Start position or opening, random moves, then a search: a position
  // with legal moves, not drawn, within MaxOpeningScore. False when
  // the run stops first.
  bool opening(Position& pos, Choice& first, int& plies) {
    for (int attempt = 0; attempt < MaxOpeningAttempts; ++attempt) {
      if (shared.stopping()) return false;
      if (!random_opening(pos, plies, shared.options.openings, shared.options.randomPlies, false,
                          rng))
        continue;
      first = think(pos);
      if (shared.stopping()) return false;
      if (first.scored && std::abs(first.score) <= MaxOpeningScore) return true;
    }
    shared.fail(fmt::format("no playable opening with |score| <= {} in {} tries", MaxOpeningScore,
                            MaxOpeningAttempts));
    return false;
  }

  void play_game() {
    tt.clear();
    search.clear();
    Position pos;
    Choice choice;
    int plies = 0;
    if (!opening(pos, choice, plies)) return;

    // Every searched position; the result is filled in when the game ends.
    std::vector<PackedPosition> records;
    Adjudicator adjudicator;
    GameResult result;
    bool searched = true;  // the opening's search serves the first move
    for (;;) {
      if (!MoveList<LEGAL>(pos).size()) {
        result = !pos.in_check()               ? GameResult::DRAW
                 : pos.side_to_move() == WHITE ? GameResult::BLACK_WINS
                                               : GameResult::WHITE_WINS;
        break;
      }
      if (pos.is_draw(0) || plies >= DatagenMaxPlies) {
        result = GameResult::DRAW;
        break;
      }
      if (!searched) choice = think(pos);
      searched = false;
      if (shared.stopping() || !choice.best) return;  // abandoned: nothing written

      // A search cut short before its first iteration has no score to record.
      if (choice.scored)
        records.push_back(
            PackedPosition::pack(pos, choice.score, StmResult::DRAW, pos.is_noisy(choice.best)));
      std::optional<int> white;
      if (choice.scored) white = pos.side_to_move() == WHITE ? choice.score : -choice.score;
      if (auto adjudicated = adjudicator.update(white, pos.fullmove_number())) {
        result = *adjudicated;
        break;
      }
      pos.do_move(choice.best);
      ++plies;
    }

    for (PackedPosition& r : records) r.result = std::uint8_t(stm_result(result, r.side_to_move()));
    shared.finish_game(records, result);
  }

  Shared& shared;
  TranspositionTable tt;
  Search search;
  Random rng;
};

std::string duration_text(double seconds) {
  auto s = std::uint64_t(std::max(0.0, seconds));
  if (s >= 3600) return fmt::format("{}h{:02}m", s / 3600, s / 60 % 60);
  if (s >= 60) return fmt::format("{}m{:02}s", s / 60, s % 60);
  return fmt::format("{:.1f}s", seconds);
}

}  // namespace

std::optional<GameResult> Adjudicator::update(std::optional<int> whiteScore, int fullmove) {
  if (!whiteScore) {
    whiteWinning = blackWinning = level = 0;
    return std::nullopt;
  }
  whiteWinning = *whiteScore >= DatagenWinScore ? whiteWinning + 1 : 0;
  blackWinning = *whiteScore <= -DatagenWinScore ? blackWinning + 1 : 0;
  level = std::abs(*whiteScore) <= DatagenDrawScore ? level + 1 : 0;
  if (whiteWinning >= DatagenWinPlies) return GameResult::WHITE_WINS;
  if (blackWinning >= DatagenWinPlies) return GameResult::BLACK_WINS;
  if (level >= DatagenDrawPlies && fullmove > DatagenDrawAfterMove) return GameResult::DRAW;
  return std::nullopt;
}

DatagenReport run_datagen(const DatagenOptions& options, const std::string& path,
                          const std::atomic<bool>& stop, std::ostream& log) {
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  DatagenReport report;
  OutputFile file;
  if (auto error = file.open(path)) {
    report.error = error;
    return report;
  }
  report.recordsBefore = report.recordsAfter = file.records;
  report.repaired = file.cut > 0;
  if (file.cut)
    fmt::print(log,
               "datagen: {} ended with a partial record ({} bytes); truncated it to {} records\n",
               path, file.cut, file.records);
  if (file.records >= options.positions) {
    fmt::print(log, "datagen: {} already has {} of {} positions; nothing to do\n", path,
               file.records, options.positions);
    log.flush();
    return report;
  }
  fmt::print(
      log,
      "datagen: {} has {} records; playing for {} more (threads {}, nodes/move {} soft, {} hard, "
      "random plies {}{}, seed {})\n",
      path, file.records, options.positions - file.records, options.threads, options.nodes,
      options.hardNodes ? options.hardNodes : HardNodesFactor * options.nodes, options.randomPlies,
      options.openings.empty()
          ? ""
          : fmt::format(" after {} opening positions", options.openings.size()),
      options.seed);
  log.flush();

  Shared shared(options, stop, file);
  std::vector<std::unique_ptr<GameThread>> games;
  for (int i = 0; i < std::max(1, options.threads); ++i) {
    games.push_back(std::make_unique<GameThread>(shared, i));
    if (!games.back()->allocate()) {
      report.error = fmt::format("not enough memory for {} MB hash tables", options.hashMB);
      return report;
    }
  }

  report.started = true;
  std::mutex doneMutex;
  std::condition_variable doneSignal;
  std::size_t running = games.size();
  std::vector<std::thread> threads;
  for (auto& game : games)
    threads.emplace_back([&, g = game.get()] {
      g->run();
      std::lock_guard lock(doneMutex);
      --running;
      doneSignal.notify_all();
    });

  // One status line: counters read under the file mutex.
  auto status = [&](bool eta) {
    std::lock_guard lock(shared.mutex);
    std::uint64_t records = shared.records.load(), added = records - report.recordsBefore;
    double rate = added / std::max(elapsed(), 1e-3);
    std::string text = fmt::format(
        "{}/{} positions, {} games (white {}, draw {}, black {}), {:.1f} positions/s", records,
        options.positions, shared.games, shared.results[int(GameResult::WHITE_WINS)],
        shared.results[int(GameResult::DRAW)], shared.results[int(GameResult::BLACK_WINS)], rate);
    if (eta && records < options.positions && rate > 0)
      text += ", ETA " + duration_text((options.positions - records) / rate);
    return text;
  };

  double nextProgress = options.progressSeconds;
  for (std::unique_lock lock(doneMutex);
       !doneSignal.wait_for(lock, std::chrono::milliseconds(100), [&] { return running == 0; });) {
    // A search that started before the stop flag ends now, not at its
    // node limit.
    if (shared.stopping())
      for (auto& game : games) game->interrupt();
    if (options.progressSeconds > 0 && elapsed() >= nextProgress) {
      lock.unlock();
      fmt::print(log, "datagen: {}\n", status(true));
      log.flush();
      nextProgress += options.progressSeconds;
      lock.lock();
    }
  }
  for (auto& t : threads) t.join();

  report.recordsAfter = shared.records.load();
  report.games = shared.games;
  report.whiteWins = shared.results[int(GameResult::WHITE_WINS)];
  report.draws = shared.results[int(GameResult::DRAW)];
  report.blackWins = shared.results[int(GameResult::BLACK_WINS)];
  report.interrupted = stop.load();
  report.error = shared.error;
  report.seconds = elapsed();
  const char* why = report.error         ? "stopped by an error"
                    : report.interrupted ? "interrupted (games in progress dropped)"
                                         : "done";
  fmt::print(log, "datagen: {}: {} in {}; {} has {} records\n", why, status(false),
             duration_text(report.seconds), path, report.recordsAfter);
  log.flush();
  return report;
}

}  // namespace shiftmate
