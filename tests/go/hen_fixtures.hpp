#pragma once
// HEN strings from ../shared/specs/hen.txt and the decisions of issue 2, kept here so
// that the unit tests do not depend on files outside the project.

#include <string_view>

namespace kifu::go::fixtures {

// Spec example 1, single line and its multi-line form.
inline constexpr std::string_view kExample1 = ".19x19_19bwb2w3_10Kb_8Kbw_7JbwMw_6Kbw_1Cw3bNwb2.L7.K7w.b";
inline constexpr std::string_view kExample1Pretty =
    ".19x19\n"
    "_19 bwb2w3\n"
    "_10 Kb\n"
    "_08 Kbw\n"
    "_07 JbwMw\n"
    "_06 Kbw\n"
    "_01 Cw3bNwb2\n"
    ".L7\n"
    ".K7w\n"
    ".b";
// The spec's equivalent SGF for example 1: the setup (before White's K7, which captures
// the black stone on L7) and the move.
inline constexpr std::string_view kExample1Black[] = {"aa", "ca", "da", "jj", "jl", "im",
                                                      "km", "jn", "fs", "ns", "os"};
inline constexpr std::string_view kExample1White[] = {"ba", "ea", "fa", "ga", "kl", "lm",
                                                      "kn", "cs", "ds", "es", "ms"};

// Spec example 2: the position right after the Ear-reddening move (241 characters).
inline constexpr std::string_view kEarReddening =
    "_19Kbw2_18DbKbwNwPw2b_17Cw2FbJwb2w2Pwb_16Mb3Rb_15LbQb2_14Qbw2_13Ow3b3_12Pbw3b_11KbNbw2b3_10Nw2bRbw_"
    "9CwPwb2w_"
    "8Pwbwb_7NwPwbw2_6CwKbMbwPwb_5GbJwMbwbwbw_4CbEbHbMbw2bRw_3FbwbwLw2b4w2_2GbwKw2Nwb2Rbw_1JwMwObQbSb.K11b.w."
    "M6-SQ."
    "M5-SQ.M4-SQ.K6-SQ.J5-CR";
inline constexpr std::string_view kEarReddeningPrettySpec =
    "_19 Kbw2\n_18 DbKbwNwPw2b\n_17 Cw2FbJwb2w2Pwb\n_16 Mb3Rb_15LbQb2\n_14 Qbw2_13Ow3b3\n_12 Pbw3b\n_11 "
    "KbNbw2b3\n"
    "_10 Nw2bRbw\n_09 CwPwb2w\n_08 Pwbwb\n_07 NwPwbw2\n_06 CwKbMbwPwb\n_05 GbJwMbwbwbw\n_04 CbEbHbMbw2bRw\n"
    "_03 FbwbwLw2b4w2\n_02 GbwKw2Nwb2Rbw\n_01 JwMwObQbSb\n.K11b.w\n.M6-SQ.M5-SQ.M4-SQ.K6-SQ.J5-CR\n";
inline constexpr std::string_view kEarReddeningBlack[] = {
    "ja", "db", "jb", "qb", "fc", "jc", "kc", "pc", "ld", "md", "nd", "qd", "ke", "pe", "qe",
    "pf", "qg", "rg", "sg", "oh", "sh", "mi", "pi", "qi", "ri", "oj", "qj", "pk", "qk", "pl",
    "rl", "pm", "jn", "ln", "pn", "go", "lo", "no", "po", "cp", "ep", "hp", "lp", "op", "fq",
    "hq", "mq", "nq", "oq", "pq", "gr", "nr", "or", "qr", "ns", "ps", "rs"};
inline constexpr std::string_view kEarReddeningWhite[] = {
    "ka", "la", "kb", "mb", "ob", "pb", "cc", "dc", "ic", "lc", "mc", "oc", "qf", "rf", "ng",
    "og", "pg", "ph", "qh", "rh", "ni", "oi", "mj", "nj", "rj", "ck", "ok", "rk", "ol", "ql",
    "mm", "om", "qm", "rm", "cn", "mn", "on", "io", "mo", "oo", "qo", "mp", "np", "qp", "gq",
    "iq", "kq", "lq", "qq", "rq", "hr", "jr", "kr", "mr", "rr", "is", "ls"};

// Issue 2's numbered-stone example: E3 #1 black, F3 black, G3 #2 white, H3 #4 white, G4 #3 black.
inline constexpr std::string_view kNumbered9x9 = ".9x9_5Gb_4G~3_3E~1b~2~4_2Fw.H3w.b.E2-a";

}  // namespace kifu::go::fixtures
