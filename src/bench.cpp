#include "bench.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <chrono>

#include "engine.h"

namespace shiftmate {

const std::vector<std::string>& bench_positions() {
  static const std::vector<std::string> positions = {
      // Openings and early middlegames (from the UHO opening book).
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r1bq1rk1/ppp2ppp/5n2/2bp4/2NPP3/2P5/PP3PPP/RNBQK2R w KQ - 0 1",
      "rn2kb1r/pp2pppp/2p2n2/q2bN3/3P1PP1/2N5/PPP4P/R1BQKB1R w KQkq - 0 1",
      "rn2kb1r/ppq2ppp/2p2n2/3pNb2/2PP4/1QN5/PP3PPP/R1B1KB1R w KQkq - 0 1",
      "r2qkb1r/ppp2p2/2n1pn1p/3pNbp1/Q1PP3B/2N5/PP2PPPP/R3KB1R w KQkq - 0 1",
      "r1bqk2r/p2nppb1/2pp1n1p/1p4p1/2BP4/4PN1P/PPPN1PPB/R2QK2R w KQkq - 0 1",
      "r3kb1r/pbq1nppp/1pn1p3/2pp4/3PP3/2PB1N2/PP1NQPPP/R1B2RK1 w kq - 0 1",
      "r3kbnr/pp1n1ppp/4p3/q2p1b2/2B5/2N5/PPPBQPPP/R3K1NR w KQkq - 0 1",
      "rn1qk2r/pbp1npbp/1p1p2p1/3Pp3/2P1PB2/2NB1N2/PP3PPP/R2QK2R w KQkq - 0 1",
      "rnbq1rk1/ppp1p1bp/5np1/1P1p1p2/3P4/5NP1/PBP1PPBP/RN1Q1RK1 w - - 0 1",
      "r1bq1rk1/ppp1bppp/3p1n2/2n5/3NPP2/2N1B2P/PPP3P1/R2QKB1R w KQ - 0 1",
      "r3kb1r/pp1b1ppp/2nppn2/q5B1/3NPP2/2N5/PPPQ2PP/R3KB1R w KQkq - 0 1",
      "r1b1kbnr/ppp4p/2n1pp1q/3p4/3P4/2PB1N2/PP1N1PPP/R1BQK2R w KQkq - 0 1",
      "r1bqkb1r/2pnnpp1/p2pp2p/8/Pp1PPB2/2NB1N2/1PP2PPP/R2Q1RK1 w kq - 0 1",
      "r1b1k2r/ppp1q1bp/2np1ppn/4p3/2BPP3/2P2N1P/PP3PP1/RNBQR1K1 w kq - 0 1",
      "r1bqnrk1/pp1nbppp/2p1p3/3p4/2PP1B2/2NBPN2/PP3PPP/2RQK2R w K - 0 1",
      "rnbq1rk1/ppp2ppp/4p3/7n/P1pPP3/2P2P2/6PP/R1BQKBNR w KQ - 0 1",
      "r1bqk2r/1p1n1ppp/2p1pn2/p7/1bPPN3/3B1N2/PPQ2PPP/R1B1K2R w KQkq - 0 1",
      "r1b2rk1/1pppqpp1/p1n2n1p/2b1p3/2B1P3/P1NPBN2/1PP2PPP/R2Q1RK1 w - - 0 1",
      "r3kbnr/pp4pp/1qn1p3/2pp1p2/3P1B2/2PQPN2/PP1N1PPP/R3K2R w KQkq - 0 1",
      "rn1q1rk1/ppp2p1p/7p/3p1b2/1b1P4/2N2N2/PPP1BPPP/R2QK2R w KQ - 0 1",
      "r1bq1rk1/pp3ppp/2nb1n2/2ppp1B1/3P4/2P2NP1/PP1NPPBP/R2Q1RK1 w - - 0 1",
      "rn1qk2r/1bp1bppp/1p3n2/p2pN3/3P4/2N3P1/PP2PPBP/R1BQK2R w KQkq - 0 1",
      "rnb2rk1/p3ppbp/1qpp1np1/1p6/4PP2/1BNP1N2/PPP1Q1PP/R1B1K2R w KQ - 0 1",
      // Tactical middlegames (well-known perft test positions).
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
      "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
      "2r3k1/1q1nbppp/r3p3/3pP3/pPpP4/P1Q2N2/2RN1PPP/2R4K b - - 0 22",
      "r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4Pp2/1BNP4/PPP2PPP/3R1RK1 w - - 2 14",
      "r3r1k1/2p2ppp/p1p1bn2/8/1q2P3/2NPQN2/PPP3PP/R4RK1 b - - 2 15",
      "r1bbk1nr/pp3p1p/2n5/1N4p1/2Np1B2/8/PPP2PPP/2KR1B1R w kq - 0 13",
      "r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16",
      "4r1k1/r1q2ppp/ppp2n2/4P3/5Rb1/1N1BQ3/PPP3PP/R5K1 w - - 1 17",
      "2rqkb1r/ppp2p2/2npb1p1/1N1Nn2p/2P1PP2/8/PP2B1PP/R1BQK2R b KQ - 0 11",
      "r1bq1r1k/b1p1npp1/p2p3p/1p6/3PP3/1B2NN2/PP3PPP/R2Q1RK1 w - - 1 16",
      // Endgames.
      "8/8/8/8/5kp1/P7/8/1K1N4 w - - 0 1",
      "8/8/8/5N2/8/p7/8/2NK3k w - - 0 1",
      "8/3k4/8/8/8/4B3/4KB2/2B5 w - - 0 1",
      "8/8/1P6/5pr1/8/4R3/7k/2K5 w - - 0 1",
      "8/2p4P/8/kr6/6R1/8/8/1K6 w - - 0 1",
      "8/8/3P3k/8/1p6/8/1P6/1K3n2 b - - 0 1",
      "8/R7/2q5/8/6k1/8/1P5p/K6R w - - 0 124",
      "6k1/3b3r/1p1p4/p1n2p2/1PPNpP1q/P3Q1p1/1R1RB1P1/5K2 b - - 0 1",
      "r2r1n2/pp2bk2/2p1p2p/3q4/3PN1QP/2P3R1/P4PP1/5RK1 w - - 0 1",
      "8/8/8/8/8/6k1/6p1/6K1 w - - 0 1",
      "7k/7P/6K1/8/3B4/8/8/8 b - - 0 1",
      // Mates to find.
      "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
      "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1",
      "2k5/8/1K6/8/8/8/8/7R w - - 0 1",
  };
  return positions;
}

std::uint64_t run_bench(Engine& engine, int depth, std::ostream& out) {
  engine.set_threads(1);
  engine.set_hash(16);
  std::uint64_t total = 0;
  auto start = std::chrono::steady_clock::now();
  const auto& positions = bench_positions();
  for (std::size_t i = 0; i < positions.size(); ++i) {
    engine.new_game();
    engine.set_position(positions[i], {});
    SearchLimits limits;
    limits.depth = depth;
    engine.go(limits, {});
    engine.wait();
    std::uint64_t nodes = engine.nodes_searched();
    total += nodes;
    fmt::print(out, "position {:2}/{}: {:>10} nodes  {}\n", i + 1, positions.size(), nodes,
               positions[i]);
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  fmt::print(out, "\nTime: {:.2f} s\n{} nodes {} nps\n", seconds, total,
             std::uint64_t(total / std::max(seconds, 1e-3)));
  out.flush();
  return total;
}

}  // namespace shiftmate
