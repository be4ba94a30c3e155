//===- XmlReader.cpp - A strict, small XML reader with positions ----------===//
//
// A recursive descent over the subset XmlReader.h lists. The cursor tracks
// line and column as it moves, so every position costs nothing extra; the
// first problem stops the reader (an exception-free early return through
// `failed`).
//
//===----------------------------------------------------------------------===//

#include "tacos/Execution/XmlReader.h"

#include <unordered_map>

namespace tacos::xml {

const Attribute *Element::find(std::string_view name) const {
  for (const Attribute &a : attributes)
    if (a.name == name)
      return &a;
  return nullptr;
}

namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool isNameStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
         c == ':';
}
bool isNameChar(char c) {
  return isNameStart(c) || (c >= '0' && c <= '9') || c == '-' || c == '.';
}

/// Printable form of the character at the cursor, for messages.
std::string describe(std::string_view text, size_t pos) {
  if (pos >= text.size())
    return "the end of the file";
  unsigned char c = text[pos];
  if (c >= 0x21 && c < 0x7f)
    return std::string("'") + char(c) + "'";
  if (c == ' ')
    return "a space";
  if (c == '\n' || c == '\r')
    return "a line break";
  char buf[8];
  snprintf(buf, sizeof buf, "0x%02x", c);
  return std::string("byte ") + buf;
}

class Reader {
public:
  Reader(std::string_view text, Error &error) : text(text), error(error) {}

  std::unique_ptr<Element> document() {
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
      advance(3);
    if (startsWith("<?xml") && pos + 5 < text.size() && isSpace(text[pos + 5]))
      if (!prolog())
        return nullptr;
    if (!misc())
      return nullptr;
    if (atEnd())
      return fail("expected the root element, found the end of the file");
    if (peek() != '<')
      return fail("expected the root element, found " + here());
    std::unique_ptr<Element> root = element(1);
    if (!root)
      return nullptr;
    if (!misc())
      return nullptr;
    if (!atEnd()) {
      if (peek() == '<')
        return fail("a second root element; an XML document has one");
      return fail("unexpected " + here() + " after the root element");
    }
    return root;
  }

private:
  std::string_view text;
  Error &error;
  size_t pos = 0;
  Position cursor;
  bool failedFlag = false;

  bool atEnd() const { return pos >= text.size(); }
  char peek() const { return text[pos]; }
  bool startsWith(std::string_view s) const {
    return text.substr(pos, s.size()) == s;
  }
  std::string here() const { return describe(text, pos); }

  void advance(size_t n = 1) {
    for (size_t i = 0; i < n && pos < text.size(); ++i, ++pos) {
      if (text[pos] == '\n') {
        ++cursor.line;
        cursor.column = 1;
      } else {
        ++cursor.column;
      }
    }
  }

  std::nullptr_t fail(const std::string &message) {
    return failAt(message, cursor);
  }
  std::nullptr_t failAt(const std::string &message, Position at) {
    if (!failedFlag) {
      failedFlag = true;
      error = {message, at};
    }
    return nullptr;
  }

  void skipSpace() {
    while (!atEnd() && isSpace(peek()))
      advance();
  }

  /// `<?xml ... ?>`: its content is not interpreted (version and encoding
  /// are the only ones writers put there, and this reader takes UTF-8).
  bool prolog() {
    Position start = cursor;
    size_t end = text.find("?>", pos);
    if (end == std::string_view::npos) {
      failAt("unterminated XML declaration (no '?>')", start);
      return false;
    }
    advance(end + 2 - pos);
    return true;
  }

  /// Whitespace and comments; anything else that is not an element is an
  /// error here.
  bool misc() {
    for (;;) {
      skipSpace();
      if (startsWith("<!--")) {
        if (!comment())
          return false;
        continue;
      }
      if (startsWith("<?")) {
        fail("processing instructions are not supported (only the "
             "'<?xml ...?>' declaration, at the very start)");
        return false;
      }
      if (startsWith("<!")) {
        fail("DOCTYPE and CDATA are not supported");
        return false;
      }
      return true;
    }
  }

  bool comment() {
    Position start = cursor;
    advance(4);
    size_t end = text.find("--", pos);
    if (end == std::string_view::npos) {
      failAt("unterminated comment (no '-->')", start);
      return false;
    }
    advance(end - pos);
    if (!startsWith("-->")) {
      fail("'--' inside a comment");
      return false;
    }
    advance(3);
    return true;
  }

  bool name(std::string &out, const char *what) {
    if (atEnd() || !isNameStart(peek())) {
      fail(std::string("expected ") + what + ", found " + here());
      return false;
    }
    size_t start = pos;
    while (!atEnd() && isNameChar(peek()))
      advance();
    out = std::string(text.substr(start, pos - start));
    return true;
  }

  /// Appends code point `cp` as UTF-8.
  static void appendUtf8(std::string &out, uint32_t cp) {
    if (cp < 0x80) {
      out += char(cp);
    } else if (cp < 0x800) {
      out += char(0xC0 | (cp >> 6));
      out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += char(0xE0 | (cp >> 12));
      out += char(0x80 | ((cp >> 6) & 0x3F));
      out += char(0x80 | (cp & 0x3F));
    } else {
      out += char(0xF0 | (cp >> 18));
      out += char(0x80 | ((cp >> 12) & 0x3F));
      out += char(0x80 | ((cp >> 6) & 0x3F));
      out += char(0x80 | (cp & 0x3F));
    }
  }

  /// `&...;` at the cursor, appended to `out`.
  bool entity(std::string &out) {
    Position start = cursor;
    size_t end = text.find(';', pos);
    // Entities are short: a missing ';' nearby is an error here, not at
    // some later ';'.
    if (end == std::string_view::npos || end - pos > 12) {
      failAt("'&' starts no entity (write '&amp;' for '&')", start);
      return false;
    }
    std::string_view body = text.substr(pos + 1, end - pos - 1);
    static const std::pair<std::string_view, char> named[] = {
        {"lt", '<'}, {"gt", '>'}, {"amp", '&'}, {"quot", '"'}, {"apos", '\''}};
    for (auto &[n, c] : named)
      if (body == n) {
        out += c;
        advance(end + 1 - pos);
        return true;
      }
    if (body.size() >= 2 && body[0] == '#') {
      bool hex = body[1] == 'x';
      std::string_view digits = body.substr(hex ? 2 : 1);
      uint32_t cp = 0;
      bool ok = !digits.empty();
      for (char c : digits) {
        int d = c >= '0' && c <= '9'                ? c - '0'
                : hex && c >= 'a' && c <= 'f'       ? c - 'a' + 10
                : hex && c >= 'A' && c <= 'F'       ? c - 'A' + 10
                                                    : -1;
        if (d < 0 || cp > 0x10FFFF) {
          ok = false;
          break;
        }
        cp = cp * (hex ? 16 : 10) + uint32_t(d);
      }
      // XML 1.0 Char: no NUL or other C0 controls but tab, LF and CR, no
      // surrogates, nothing beyond U+10FFFF.
      bool valid = ok && cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF) &&
                   (cp >= 0x20 || cp == 0x9 || cp == 0xA || cp == 0xD) &&
                   cp != 0xFFFE && cp != 0xFFFF;
      if (!valid) {
        failAt("invalid character reference '&" + std::string(body) + ";'",
               start);
        return false;
      }
      appendUtf8(out, cp);
      advance(end + 1 - pos);
      return true;
    }
    failAt("unknown entity '&" + std::string(body) +
               ";' (only &lt; &gt; &amp; &quot; &apos; and &#N; are defined)",
           start);
    return false;
  }

  bool attributeValue(Attribute &attribute) {
    if (atEnd() || (peek() != '"' && peek() != '\'')) {
      fail("expected a quoted value for attribute '" + attribute.name +
           "', found " + here());
      return false;
    }
    char quote = peek();
    Position open = cursor;
    advance();
    attribute.valueAt = cursor;
    for (;;) {
      if (atEnd()) {
        failAt("unterminated value of attribute '" + attribute.name + "'",
               open);
        return false;
      }
      char c = peek();
      if (c == quote) {
        advance();
        return true;
      }
      if (c == '<') {
        fail("'<' in the value of attribute '" + attribute.name +
             "' (write '&lt;')");
        return false;
      }
      if (c == '&') {
        if (!entity(attribute.value))
          return false;
        continue;
      }
      // Attribute-value normalization: whitespace characters are spaces.
      attribute.value += isSpace(c) ? ' ' : c;
      advance();
    }
  }

  std::unique_ptr<Element> element(uint32_t depth) {
    auto e = std::make_unique<Element>();
    e->at = cursor;
    if (depth > kMaxDepth)
      return fail("elements nested deeper than " + std::to_string(kMaxDepth) +
                  " levels");
    advance(); // '<'
    if (!name(e->name, "an element name"))
      return nullptr;
    // Attribute names seen, for duplicates in linear time however many a
    // hostile file puts on one element.
    std::unordered_map<std::string, size_t> seen;
    for (;;) {
      bool spaced = !atEnd() && isSpace(peek());
      skipSpace();
      if (atEnd())
        return failAt("unexpected end of the file in the start tag of <" +
                          e->name + ">",
                      cursor);
      if (startsWith("/>")) {
        advance(2);
        return e;
      }
      if (peek() == '>') {
        advance();
        break;
      }
      if (!spaced)
        return fail("expected a space, '>' or '/>' in the start tag of <" +
                    e->name + ">, found " + here());
      Attribute attribute;
      attribute.at = cursor;
      if (!name(attribute.name, "an attribute name, '>' or '/>'"))
        return nullptr;
      auto [it, fresh] = seen.insert({attribute.name, e->attributes.size()});
      if (!fresh) {
        const Attribute *first = &e->attributes[it->second];
        return failAt("duplicate attribute '" + attribute.name +
                          "' (first at " + std::to_string(first->at.line) +
                          ":" +
                          std::to_string(first->at.column) + ")",
                      attribute.at);
      }
      skipSpace();
      if (atEnd())
        return fail("unexpected end of the file in the start tag of <" +
                    e->name + ">");
      if (peek() != '=')
        return fail("expected '=' after attribute '" + attribute.name +
                    "', found " + here());
      advance();
      skipSpace();
      if (!attributeValue(attribute))
        return nullptr;
      e->attributes.push_back(std::move(attribute));
    }
    // Content: whitespace, comments and child elements, then the end tag.
    for (;;) {
      if (!misc())
        return nullptr;
      if (atEnd())
        return fail("unexpected end of the file inside <" + e->name +
                    "> (opened at " + std::to_string(e->at.line) + ":" +
                    std::to_string(e->at.column) + ")");
      if (startsWith("</")) {
        Position endAt = cursor;
        advance(2);
        std::string closing;
        if (!name(closing, "an element name"))
          return nullptr;
        if (closing != e->name)
          return failAt("</" + closing + "> closes <" + e->name +
                            "> (opened at " + std::to_string(e->at.line) +
                            ":" + std::to_string(e->at.column) + ")",
                        endAt);
        skipSpace();
        if (atEnd() || peek() != '>')
          return fail("expected '>' to end </" + closing + ">, found " +
                      here());
        advance();
        return e;
      }
      if (peek() == '<') {
        std::unique_ptr<Element> child = element(depth + 1);
        if (!child)
          return nullptr;
        e->children.push_back(std::move(child));
        continue;
      }
      return fail("unexpected text " + here() + " inside <" + e->name +
                  "> (only elements, comments and whitespace)");
    }
  }
};

} // namespace

std::unique_ptr<Element> parse(std::string_view text, Error &error) {
  return Reader(text, error).document();
}

} // namespace tacos::xml
