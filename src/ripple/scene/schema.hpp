#pragma once
// Declarative scene schema: the single source of truth for the scene format. Validation,
// default injection and docs/scene-format.md all derive from the tree built in
// scene_schema.cpp.
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <type_traits>
#include <string>
#include <utility>
#include <vector>

namespace ripple {

struct SchemaNode {
  enum class Type { Object, Number, Integer, Boolean, String, Enum, Vec3, Array, Variant };
  Type type = Type::Object;
  std::string doc;
  std::string unit;                       ///< SI unit of a number, e.g. "m", "kg/m^3"
  nlohmann::json default_value;           ///< null: no default
  bool optional = false;                  ///< may be absent even without a default
  double min = -std::numeric_limits<double>::infinity();
  double max = std::numeric_limits<double>::infinity();
  bool exclusive_min = false;
  std::string limit_reason;               ///< why the range is what it is (shown with range errors)
  std::vector<std::string> options;       ///< Enum: allowed strings
  std::vector<std::pair<std::string, SchemaNode>> fields;     ///< Object
  std::shared_ptr<SchemaNode> items;      ///< Array element
  size_t min_items = 0;
  std::vector<std::pair<std::string, SchemaNode>> variants;   ///< Variant: by the "type" key

  // Declared, with a noexcept move: clang 14 with libstdc++ 12 otherwise works out the
  // implicit ones through vector<pair<string, SchemaNode>> while that pair is still incomplete,
  // and rejects add() (the sanitizer and fuzz builds use clang 14).
  SchemaNode() = default;
  SchemaNode(const SchemaNode&) = default;
  SchemaNode(SchemaNode&&) noexcept = default;
  SchemaNode& operator=(const SchemaNode&) = default;
  SchemaNode& operator=(SchemaNode&&) noexcept = default;
  ~SchemaNode() = default;

  // Fluent helpers used to build the schema tree.
  SchemaNode& range(double lo, double hi, bool lo_exclusive = false) {
    min = lo; max = hi; exclusive_min = lo_exclusive; return *this;
  }
  /// The range, with the reason a value beyond it can only be a mistake.
  SchemaNode& range(double lo, double hi, bool lo_exclusive, std::string reason) {
    limit_reason = std::move(reason);
    return range(lo, hi, lo_exclusive);
  }
  SchemaNode& add(const std::string& key, SchemaNode child) { fields.emplace_back(key, std::move(child)); return *this; }
};

SchemaNode schema_object(std::string doc);
SchemaNode schema_number(std::string doc, std::string unit, double default_value);
SchemaNode schema_number_optional(std::string doc, std::string unit);
SchemaNode schema_integer(std::string doc, int64_t default_value);
SchemaNode schema_boolean(std::string doc, bool default_value);
SchemaNode schema_string(std::string doc, std::string default_value);
SchemaNode schema_enum(std::string doc, std::vector<std::string> options, std::string default_value);
SchemaNode schema_vec3(std::string doc, std::string unit, nlohmann::json default_value);
SchemaNode schema_array(std::string doc, SchemaNode items, nlohmann::json default_value);
SchemaNode schema_variant(std::string doc, std::vector<std::pair<std::string, SchemaNode>> variants);

/// One name <-> value table per enum of the scene format: it feeds both the schema's allowed
/// strings (schema_enum below) and the parser (enum_value), so the two cannot disagree.
template <class E>
using EnumTable = std::vector<std::pair<std::string, E>>;

/// An enum node whose options are the table's names, in the table's order.
template <class E>
SchemaNode schema_enum(std::string doc, const EnumTable<E>& table, std::type_identity_t<E> default_value) {
  std::vector<std::string> names;
  std::string default_name;
  for (const auto& [name, value] : table) {
    names.push_back(name);
    if (value == default_value) default_name = name;
  }
  if (default_name.empty()) throw std::logic_error("schema_enum: the default is not in the table");
  return schema_enum(std::move(doc), std::move(names), std::move(default_name));
}

/// The value a validated string names. A name missing from the table is a bug (the schema and
/// the table are one), so it throws std::logic_error instead of picking some option.
template <class E>
E enum_value(const nlohmann::json& name, const EnumTable<E>& table) {
  for (const auto& [n, value] : table)
    if (name == n) return value;
  throw std::logic_error("enum_value: \"" + name.dump() + "\" is not in the table");
}

/// The name of `value` in the table.
template <class E>
const std::string& enum_name(E value, const EnumTable<E>& table) {
  for (const auto& [n, v] : table)
    if (v == value) return n;
  throw std::logic_error("enum_name: value not in the table");
}

/// A variant node whose types are named by the table: one (value, node) per type, in order.
template <class E>
SchemaNode schema_variant(std::string doc, const EnumTable<E>& table, std::vector<std::pair<E, SchemaNode>> variants) {
  std::vector<std::pair<std::string, SchemaNode>> named;
  for (auto& [value, node] : variants) named.emplace_back(enum_name(value, table), std::move(node));
  return schema_variant(std::move(doc), std::move(named));
}

/// One problem found while validating, at a JSON pointer.
struct SchemaError {
  std::string pointer;
  std::string reason;
};

/// Validates `input` against `schema` and returns a copy with every default filled in.
/// Every problem found is appended to `errors` (unknown keys come with a suggestion).
nlohmann::json validate_with_defaults(const nlohmann::json& input, const SchemaNode& schema,
                                      std::vector<SchemaError>& errors);

/// Markdown reference of the schema (docs/scene-format.md is this text).
std::string schema_markdown(const SchemaNode& schema);

/// A number as a message shows it (shortest form, e.g. 0.5, 1e-06).
std::string format_number(double v);

/// Levenshtein edit distance (for "did you mean" suggestions).
size_t edit_distance(const std::string& a, const std::string& b);

}  // namespace ripple
