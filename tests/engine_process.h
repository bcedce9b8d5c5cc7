// Runs the shiftmate binary as a child process and talks to it over pipes,
// the way a GUI does.
#pragma once

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "version.h"

// The engine the tests drive: SHIFTMATE_TEST_ENGINE when set, split at
// spaces (e.g. "wine dist/shiftmate-1.0-windows-x86-64-v3.exe" or
// "qemu-aarch64 dist/shiftmate-1.0-linux-aarch64": the release files run by
// `make release-test`), else the binary built beside the tests.
inline std::vector<std::string> engine_command() {
  std::vector<std::string> words;
  if (const char* env = std::getenv("SHIFTMATE_TEST_ENGINE"); env && *env) {
    std::istringstream in(env);
    for (std::string word; in >> word;) words.push_back(word);
  }
  if (words.empty()) words.push_back(SHIFTMATE_BINARY);
  return words;
}

// The version the engine under test names: this build's, or for an engine
// from SHIFTMATE_TEST_ENGINE (a release file) the number in VERSION alone.
inline std::string engine_version() {
  if (const char* env = std::getenv("SHIFTMATE_TEST_ENGINE"); !env || !*env)
    return std::string(shiftmate::version());
  std::ifstream in(std::string(SHIFTMATE_PERFT_DIR) + "/../VERSION");
  std::string number;
  in >> number;
  return number;
}

// How long a test waits for an engine's first answer ("uciok"). A program
// started cold on a loaded machine (a CI run beside other jobs, its binary
// and network not yet in the page cache) has taken over 5 s; only a failing
// test ever waits this long.
constexpr int StartupTimeoutMs = 60000;

class EngineProcess {
 public:
  explicit EngineProcess(const std::vector<std::string>& args = {})
      : EngineProcess(engine_command().front(), engine_arguments(args)) {}
  // Another engine (a reference program) spoken to the same way.
  EngineProcess(const std::string& program, const std::vector<std::string>& args) {
    int in[2], out[2];
    if (pipe(in) || pipe(out)) throw std::runtime_error("pipe failed");
    pid = fork();
    if (pid == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      close(in[1]);
      close(out[0]);
      std::vector<char*> argv{const_cast<char*>(program.c_str())};
      for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      execvp(program.c_str(), argv.data());  // a runner such as wine by its name
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    toEngine = in[1];
    fromEngine = out[0];
    signal(SIGPIPE, SIG_IGN);
  }
  ~EngineProcess() {
    if (toEngine >= 0) close(toEngine);
    if (pid > 0) {
      kill(pid, SIGKILL);
      waitpid(pid, nullptr, 0);
    }
    close(fromEngine);
  }

  void send(const std::string& line) {
    std::string s = line + "\n";
    if (write(toEngine, s.data(), s.size()) < 0) {
    }
  }
  void send_raw(const std::string& bytes) {
    if (write(toEngine, bytes.data(), bytes.size()) < 0) {
    }
  }
  void close_input() {
    close(toEngine);
    toEngine = -1;
  }

  // The next line, or nullopt after `timeoutMs` or at end of output.
  std::optional<std::string> read_line(int timeoutMs) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    for (;;) {
      if (auto nl = buffer.find('\n'); nl != std::string::npos) {
        std::string line = buffer.substr(0, nl);
        buffer.erase(0, nl + 1);
        if (!line.empty() && line.back() == '\r') line.pop_back();  // an engine under Wine
        return line;
      }
      int left = int(std::chrono::duration_cast<std::chrono::milliseconds>(
                         deadline - std::chrono::steady_clock::now())
                         .count());
      if (left <= 0) return std::nullopt;
      pollfd p{fromEngine, POLLIN, 0};
      if (poll(&p, 1, left) <= 0) return std::nullopt;
      char chunk[4096];
      ssize_t n = read(fromEngine, chunk, sizeof chunk);
      if (n <= 0) return std::nullopt;
      buffer.append(chunk, std::size_t(n));
    }
  }

  // Reads lines until one starts with `prefix`; returns it, and all lines
  // read (including it) in `seen` if given.
  std::optional<std::string> wait_for(const std::string& prefix, int timeoutMs,
                                      std::vector<std::string>* seen = nullptr) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    for (;;) {
      int left = int(std::chrono::duration_cast<std::chrono::milliseconds>(
                         deadline - std::chrono::steady_clock::now())
                         .count());
      auto line = read_line(std::max(left, 0));
      if (!line) return std::nullopt;
      if (seen) seen->push_back(*line);
      if (line->rfind(prefix, 0) == 0) return line;
    }
  }

  // Exit status once the process has ended within timeoutMs, else nullopt.
  std::optional<int> wait_exit(int timeoutMs) {
    for (int waited = 0; waited <= timeoutMs; waited += 5) {
      int status;
      if (waitpid(pid, &status, WNOHANG) == pid) {
        pid = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      }
      usleep(5000);
    }
    return std::nullopt;
  }

 private:
  // The words of engine_command() after the program, then `args`.
  static std::vector<std::string> engine_arguments(const std::vector<std::string>& args) {
    std::vector<std::string> command = engine_command();
    command.erase(command.begin());
    command.insert(command.end(), args.begin(), args.end());
    return command;
  }

  pid_t pid = -1;
  int toEngine = -1, fromEngine = -1;
  std::string buffer;
};
