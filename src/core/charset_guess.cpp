// Guessing the charset of text that does not declare one: ICU's detector where the text
// gives it evidence, and a rule on the bytes' structure where it is too short to.

#include <unicode/ucsdet.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "kifu/core/charset.hpp"
#include "kifu/core/utf8.hpp"

namespace kifu::charset {
namespace {

constexpr bool is_high(unsigned char b) noexcept {
    return b >= 0x80;
}
constexpr bool is_ascii_letter(unsigned char b) noexcept {
    return (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z');
}

// What ICU is shown: every byte of a short text; of a long one, the bytes around its
// non-ASCII bytes (the evidence, with the context the single-byte recognisers read),
// at most kSampleLimit of them. Moves and numbers between say nothing about a charset.
constexpr std::size_t kSampleLimit = 64 * 1024;
constexpr std::size_t kContext = 24;

std::string sample_of(std::string_view bytes) {
    if (bytes.size() <= kSampleLimit) return std::string(bytes);
    std::string out;
    out.reserve(kSampleLimit);
    std::size_t covered = 0;  // bytes before this one are in the sample or skipped for good
    for (std::size_t i = 0; i < bytes.size() && out.size() < kSampleLimit; ++i) {
        if (!is_high(static_cast<unsigned char>(bytes[i]))) continue;
        std::size_t from = i >= kContext ? i - kContext : 0;
        from = std::max(from, covered);
        std::size_t to = std::min(bytes.size(), i + kContext);
        // Extend over the run of non-ASCII bytes and the byte after each (a second byte can
        // be ASCII in Shift_JIS, GBK and Big5), so that no character is cut.
        while (to < bytes.size() && (is_high(static_cast<unsigned char>(bytes[to])) ||
                                     is_high(static_cast<unsigned char>(bytes[to - 1]))))
            ++to;
        if (to - from + 1 > kSampleLimit - out.size()) break;  // whole windows only
        if (from > covered && !out.empty()) out.push_back(' ');
        out.append(bytes.substr(from, to - from));
        covered = to;
        i = to;
    }
    return out;
}

bool decodes_cleanly(std::string_view bytes, const std::string& charset) {
    const Result<Converted> converted = to_utf8(bytes, charset);
    return converted && converted->replaced == 0;
}

// The multi-byte East Asian charsets, as iconv names, with what their common text looks
// like in bytes; used only for text too short for statistics.
enum class Family : std::uint8_t { japanese, chinese_simplified, chinese_traditional, korean };
struct EastAsian {
    const char* charset;
    Family family;
};
constexpr std::array<EastAsian, 4> kEastAsian{{
    {"GB18030", Family::chinese_simplified},
    {"BIG5", Family::chinese_traditional},
    {"CP949", Family::korean},
    {"CP932", Family::japanese},
}};

// Points for one double-byte character (lead, trail) as each charset's common text
// writes it: +2 for the block that ordinary text is mostly made of (GB2312's first level
// of 3,755 hanzi, Big5's 5,401 frequent characters, KS X 1001's 2,350 hangul, JIS X 0208
// kana and first-level kanji), 0 for other characters, -1 for the extensions ordinary
// text rarely needs (GBK's and UHC's additions, whose trail bytes can be ASCII).
int character_points(Family family, unsigned char lead, unsigned char trail) noexcept {
    const bool euc_trail = trail >= 0xA1 && trail <= 0xFE;
    switch (family) {
        case Family::chinese_simplified:
            if (lead >= 0xB0 && lead <= 0xD7 && euc_trail) return 2;
            if (lead >= 0xA1 && lead <= 0xA9 && euc_trail) return 0;  // punctuation, kana, Greek
            if (lead >= 0xAA && lead <= 0xAF) return -2;              // empty rows (user-defined)
            if (lead >= 0xD8 && lead <= 0xF7 && euc_trail) return 0;
            return -1;
        case Family::chinese_traditional:
            if ((lead >= 0xA4 && lead < 0xC6) || (lead == 0xC6 && trail <= 0x7E)) return 2;
            if (lead >= 0xC9 && lead <= 0xF9) return 0;
            if (lead >= 0xA1 && lead <= 0xA3) return 0;  // punctuation
            return -1;
        case Family::korean:
            if (lead >= 0xB0 && lead <= 0xC8 && euc_trail) return 2;
            if (lead >= 0xCA && lead <= 0xFD && euc_trail) return 0;  // hanja
            if (lead >= 0xA1 && lead <= 0xAC && euc_trail) return 0;  // symbols
            return -1;
        case Family::japanese:
            if (lead == 0x82 || lead == 0x83) return 2;  // hiragana, katakana
            if (lead >= 0x88 && lead <= 0x98) return 2;  // first-level kanji
            if (lead >= 0x99 && lead <= 0xEA) return 0;  // second-level kanji
            if (lead == 0x81) return 0;                  // punctuation
            return -1;
    }
    return 0;
}

constexpr bool is_lead(Family family, unsigned char b) noexcept {
    if (family == Family::japanese) return (b >= 0x81 && b <= 0x9F) || (b >= 0xE0 && b <= 0xFC);
    return b >= 0x81 && b <= 0xFE;
}

// A text's points in one East Asian charset: its characters' points, and -2 for each
// half-width katakana (a single byte 0xA1-0xDF in Shift_JIS, which names do not use), and
// in Korean -2 for each word that mixes hangul and hanja (names are written in one or the
// other; Chinese bytes read as Korean give that mix).
int east_asian_points(Family family, std::string_view bytes) {
    int points = 0;
    bool word_hangul = false;
    bool word_hanja = false;
    const auto end_word = [&] {
        if (word_hangul && word_hanja) points -= 2;
        word_hangul = word_hanja = false;
    };
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        const auto b = static_cast<unsigned char>(bytes[i]);
        if (!is_high(b)) {
            end_word();
            continue;
        }
        if (family == Family::japanese && b >= 0xA1 && b <= 0xDF) {
            points -= 2;
            continue;
        }
        if (!is_lead(family, b) || i + 1 >= bytes.size()) continue;
        const auto trail = static_cast<unsigned char>(bytes[i + 1]);
        points += character_points(family, b, trail);
        if (family == Family::korean) {
            if (b >= 0xB0 && b <= 0xC8) word_hangul = true;
            if (b >= 0xCA && b <= 0xFD) word_hanja = true;
        }
        ++i;
    }
    end_word();
    return points;
}

// Points for Western single-byte text: +2 for each accented letter (0xC0-0xFF but × and ÷)
// inside a word that has ASCII letters too ("Müller", "crée"); East Asian bytes seldom sit
// inside Latin words.
int western_points(std::string_view bytes) {
    int points = 0;
    std::size_t word_start = 0;
    for (std::size_t i = 0; i <= bytes.size(); ++i) {
        const bool boundary = i == bytes.size() || bytes[i] == ' ' || bytes[i] == '[' || bytes[i] == ']' ||
                              bytes[i] == '\n' || bytes[i] == '\r' || bytes[i] == '\t';
        if (!boundary) continue;
        const std::string_view word = bytes.substr(word_start, i - word_start);
        word_start = i + 1;
        const bool has_ascii_letter = std::any_of(
            word.begin(), word.end(), [](char c) { return is_ascii_letter(static_cast<unsigned char>(c)); });
        if (!has_ascii_letter) continue;
        for (const char c : word) {
            const auto b = static_cast<unsigned char>(c);
            if (b >= 0xC0 && b != 0xD7 && b != 0xF7) points += 2;
        }
    }
    return points;
}

// Characters frequent in ordinary text and in Go records, for the tie GB2312 and KS X 1001
// leave: their most used blocks fill the same byte rows (GB2312's first-level hanzi and the
// 2,350 hangul syllables), so a few characters often score alike in both. Frequent hanzi
// read as Korean are mostly rare syllables (白 B0D7 reads 겜), and frequent hangul read as
// Chinese mostly rare or unused hanzi. kifu's own lists: common words of each language,
// its Go words (黑 白 棋 盘, 흑 백 바둑 대국) and its surnames.
constexpr std::string_view kCommonChinese =
    "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可"
    "她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三"
    "已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女"
    "问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由"
    "却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路"
    "期叫死常提感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八"
    "特觉望直服林题建南度统色字请交爱让认算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快"
    "条院变联言权往展该领传近留红治决周保达办运武半候七必城父强步完革深区即求品士转量空众技轻程告江"
    "语英基派满式李息写呢识极令黄德收钱党倒未持取设始版双历越史商千片容研像找友孩站广改议形委早房音"
    "火际则首单据导影失拿网似专石若兵弟谁校志飞观争究包组造落视济喜离虽坐集编宝谈府拉黑且随格尽讲布"
    "杀微怕母调局根曾准团段终乐切级克精哪官示冷阵棋盘围劫胜负贴吃断跳尖扳挡虎冲渡靠压拐粘赛届杯"
    "王陈刘杨赵吴周徐孙胡朱高林何郭罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶阎"
    "余潘杜戴夏钟汪田任姜范方石姚谭廖邹熊金陆郝孔白崔康毛邱秦江史顾侯邵孟龙万段雷钱汤尹黎易常武乔"
    "贺赖龚文聂柯芮俞";
constexpr std::string_view kCommonKorean =
    "이다는의에고하을가로서지한기도사자리를어대나아수인정들그시주있것게전해부상보제일만국구스우오장조"
    "으무여성동원경민실화세계관비내문소위방공선연유생년중용발거회진적김박최강윤임신황안송홍양배백남노"
    "곽차명호영철준현석훈혁환희은숙미순옥재종태규범승광덕병웅혜래와께했습니까요면며없같때또더못및등간"
    "과란음입바둑흑집반덤단초급프판패치든려저너우리말모두알게된될것데야겠듯던었았했였까지부터처럼보다"
    "에서으로하고해서라고라는이라면한다합니다됩니다없다있다같은많은좋은새로운";

// The two-byte codes of `utf8`'s characters in `charset`, sorted: one conversion of the
// whole list, then its characters walked (ASCII is one byte; GB18030's four-byte codes,
// second byte 0x30-0x39, are passed over).
std::vector<std::uint16_t> double_byte_codes(std::string_view utf8, const char* charset) {
    std::vector<std::uint16_t> codes;
    const Result<std::string> bytes = from_utf8(utf8, charset);
    if (!bytes) return codes;
    const std::string_view b = *bytes;
    for (std::size_t i = 0; i < b.size();) {
        const auto lead = static_cast<unsigned char>(b[i]);
        if (!is_high(lead) || i + 1 >= b.size()) {
            ++i;
            continue;
        }
        const auto trail = static_cast<unsigned char>(b[i + 1]);
        if (trail >= 0x30 && trail <= 0x39) {
            i += 4;
            continue;
        }
        codes.push_back(static_cast<std::uint16_t>(lead << 8 | trail));
        i += 2;
    }
    std::sort(codes.begin(), codes.end());
    codes.erase(std::unique(codes.begin(), codes.end()), codes.end());
    return codes;
}

// How many of the text's double-byte characters, read in `family`, are frequent ones (only
// Chinese and Korean: the tie is theirs).
int frequent_characters(Family family, std::string_view bytes) {
    static const std::vector<std::uint16_t> chinese = double_byte_codes(kCommonChinese, "GB18030");
    static const std::vector<std::uint16_t> korean = double_byte_codes(kCommonKorean, "CP949");
    const std::vector<std::uint16_t>* table = family == Family::chinese_simplified ? &chinese
                                              : family == Family::korean           ? &korean
                                                                                   : nullptr;
    if (!table) return 0;
    int count = 0;
    for (std::size_t i = 0; i + 1 < bytes.size(); ++i) {
        const auto lead = static_cast<unsigned char>(bytes[i]);
        if (!is_high(lead) || !is_lead(family, lead)) continue;
        const auto code = static_cast<std::uint16_t>(lead << 8 | static_cast<unsigned char>(bytes[i + 1]));
        count += std::binary_search(table->begin(), table->end(), code);
        ++i;
    }
    return count;
}

// For text with too few non-ASCII characters for statistics (a player's name or two):
// the East Asian charset whose common text the bytes look most like, or the Western one.
// Equal points go to the charset in which more of the characters are frequent ones, and
// then to Korean (names written wholly in hangul, as Korean names are, score as GB2312
// first-level hanzi do).
Guess short_text_guess(std::string_view bytes, const std::string& western) {
    const EastAsian* best = nullptr;
    int best_points = 0;
    int best_frequent = -1;  // counted only when a tie asks for it
    for (const EastAsian& e : kEastAsian) {
        if (!decodes_cleanly(bytes, e.charset)) continue;
        const int points = east_asian_points(e.family, bytes);
        if (best && points == best_points && points > 0) {
            if (best_frequent < 0) best_frequent = frequent_characters(best->family, bytes);
            const int frequent = frequent_characters(e.family, bytes);
            if (frequent > best_frequent || (frequent == best_frequent && e.family == Family::korean))
                best = &e, best_frequent = frequent;
        } else if (!best || points > best_points) {
            best = &e, best_points = points, best_frequent = -1;
        }
    }
    if (best && best_points > western_points(bytes)) return {best->charset, 10, true};
    return {western, 10, true};
}

struct DetectorDeleter {
    void operator()(UCharsetDetector* d) const noexcept { ucsdet_close(d); }
};

}  // namespace

std::string_view utf16_without_bom(std::string_view bytes) noexcept {
    // ASCII structure with a zero byte beside every character.
    const std::size_t sample = std::min<std::size_t>(bytes.size(), 512) & ~std::size_t{1};
    std::size_t even_zero = 0;
    std::size_t odd_zero = 0;
    for (std::size_t i = 0; i < sample; i += 2) {
        even_zero += bytes[i] == '\0';
        odd_zero += bytes[i + 1] == '\0';
    }
    if (sample >= 8 && odd_zero * 10 > sample * 3) return "UTF-16LE";
    if (sample >= 8 && even_zero * 10 > sample * 3) return "UTF-16BE";
    return {};
}

Guess guess(std::string_view bytes) {
    // UTF-16 first: its ASCII is valid UTF-8 too, NUL bytes and all.
    if (const std::string_view utf16 = utf16_without_bom(bytes); !utf16.empty())
        return {std::string(utf16), 100, false};
    // ISO-2022-JP/KR/CN are 7-bit, so valid UTF-8 too: their escape sequences tell them
    // (looked for in a bounded prefix: what the whole file is, its decoding will say).
    if (const std::string_view head = bytes.substr(0, kSampleLimit);
        head.find('\x1B') != std::string_view::npos) {
        for (const auto& [escape, charset] :
             {std::pair{"\x1B$B", "ISO-2022-JP"}, std::pair{"\x1B$@", "ISO-2022-JP"},
              std::pair{"\x1B$)C", "ISO-2022-KR"}, std::pair{"\x1B$)A", "ISO-2022-CN"}})
            if (head.find(escape) != std::string_view::npos && decodes_cleanly(head, charset))
                return {charset, 100, false};
    }
    if (utf8::is_valid(bytes)) return {"UTF-8", 100, false};

    const std::string sample = sample_of(bytes);
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<UCharsetDetector, DetectorDeleter> detector(ucsdet_open(&status));
    std::string western = "CP1252";
    if (U_SUCCESS(status)) {
        ucsdet_setText(detector.get(), sample.data(), static_cast<int32_t>(sample.size()), &status);
        int32_t count = 0;
        const UCharsetMatch** matches = ucsdet_detectAll(detector.get(), &count, &status);
        bool western_seen = false;
        for (int32_t k = 0; U_SUCCESS(status) && k < count; ++k) {
            const char* icu_name = ucsdet_getName(matches[k], &status);
            const int confidence = ucsdet_getConfidence(matches[k], &status);
            if (!icu_name || U_FAILURE(status)) break;
            const std::string_view name(icu_name);
            // UTF-16/32 and UTF-8 are settled above; EBCDIC (IBM420/424) cannot hold SGF.
            if (name.rfind("UTF-", 0) == 0 || name.rfind("IBM", 0) == 0) continue;
            const std::string charset = canonical_name(name);
            if (charset.empty() || !decodes_cleanly(sample, charset)) continue;
            const bool multi_byte = name == "Shift_JIS" || name == "GB18030" || name == "Big5" ||
                                    name == "EUC-JP" || name == "EUC-KR" || name.rfind("ISO-2022", 0) == 0;
            if (!multi_byte && !western_seen) western = charset, western_seen = true;
            // ICU's multi-byte recognisers say 10 when they have seen ten characters or
            // fewer; above that they have counted frequent characters. Its single-byte
            // ones are sure only well above their floor.
            if ((multi_byte && confidence > 10) || (!multi_byte && confidence >= 50))
                return {charset, confidence, false};
        }
    }
    return short_text_guess(sample, western);
}

}  // namespace kifu::charset
