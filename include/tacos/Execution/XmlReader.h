//===- XmlReader.h - A strict, small XML reader with positions --*- C++ -*-===//
//
// MSCCL-IR programs are XML, and their importer must point at the line and
// column of every element and attribute it rejects. General XML libraries
// either drop positions (attributes especially) or bring a dependency and a
// far larger input language (DTDs, external entities) than the format uses.
// This reader accepts exactly what MSCCL-IR writers produce:
//
//   - an optional prolog `<?xml ...?>` at the very start (after an optional
//     UTF-8 byte order mark);
//   - comments `<!-- ... -->` before, between and after elements;
//   - one root element; elements with attributes in ' or " quotes, closed by
//     `/>` or a matching end tag;
//   - the predefined entities (&lt; &gt; &amp; &quot; &apos;) and numeric
//     character references (&#N; &#xH;) in attribute values;
//   - whitespace between elements (any other text is an error).
//
// Everything else (DOCTYPE, CDATA, processing instructions, text content,
// truncation, duplicate attributes, nesting deeper than kMaxDepth) is an
// error at its line and column. Plain C++, no MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_EXECUTION_XMLREADER_H
#define TACOS_EXECUTION_XMLREADER_H

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tacos::xml {

/// 1-based line and column (in bytes) of a character of the input.
struct Position {
  uint32_t line = 1, column = 1;
};

struct Attribute {
  std::string name;
  /// With entities and character references replaced.
  std::string value;
  /// Where the name starts, and where the value starts (after the quote).
  Position at, valueAt;
};

struct Element {
  std::string name;
  /// Where the `<` of the start tag is.
  Position at;
  std::vector<Attribute> attributes;
  std::vector<std::unique_ptr<Element>> children;

  /// The attribute `name`, or null.
  const Attribute *find(std::string_view name) const;
};

/// Deepest nesting accepted (the root is depth 1): bounds the reader's
/// recursion on hostile input. MSCCL-IR needs 4 (algo, gpu, tb, step).
constexpr uint32_t kMaxDepth = 64;

struct Error {
  std::string message;
  Position at;
};

/// Reads a whole document. Returns its root, or nothing with `error` set.
std::unique_ptr<Element> parse(std::string_view text, Error &error);

} // namespace tacos::xml

#endif // TACOS_EXECUTION_XMLREADER_H
