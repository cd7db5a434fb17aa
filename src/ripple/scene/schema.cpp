#include "ripple/scene/schema.hpp"

#include <cmath>
#include <sstream>

namespace ripple {

std::string format_number(double v) {
  std::ostringstream os;
  os << v;
  return os.str();
}


using nlohmann::json;

SchemaNode schema_object(std::string doc) {
  SchemaNode n;
  n.type = SchemaNode::Type::Object;
  n.doc = std::move(doc);
  return n;
}
SchemaNode schema_number(std::string doc, std::string unit, double default_value) {
  SchemaNode n;
  n.type = SchemaNode::Type::Number;
  n.doc = std::move(doc);
  n.unit = std::move(unit);
  n.default_value = default_value;
  return n;
}
SchemaNode schema_number_optional(std::string doc, std::string unit) {
  SchemaNode n = schema_number(std::move(doc), std::move(unit), 0.0);
  n.default_value = nullptr;
  n.optional = true;
  return n;
}
SchemaNode schema_integer(std::string doc, int64_t default_value) {
  SchemaNode n;
  n.type = SchemaNode::Type::Integer;
  n.doc = std::move(doc);
  n.default_value = default_value;
  return n;
}
SchemaNode schema_boolean(std::string doc, bool default_value) {
  SchemaNode n;
  n.type = SchemaNode::Type::Boolean;
  n.doc = std::move(doc);
  n.default_value = default_value;
  return n;
}
SchemaNode schema_string(std::string doc, std::string default_value) {
  SchemaNode n;
  n.type = SchemaNode::Type::String;
  n.doc = std::move(doc);
  n.default_value = std::move(default_value);
  return n;
}
SchemaNode schema_enum(std::string doc, std::vector<std::string> options, std::string default_value) {
  SchemaNode n;
  n.type = SchemaNode::Type::Enum;
  n.doc = std::move(doc);
  n.options = std::move(options);
  n.default_value = std::move(default_value);
  return n;
}
SchemaNode schema_vec3(std::string doc, std::string unit, json default_value) {
  SchemaNode n;
  n.type = SchemaNode::Type::Vec3;
  n.doc = std::move(doc);
  n.unit = std::move(unit);
  n.default_value = std::move(default_value);
  if (n.default_value.is_null()) n.optional = true;
  return n;
}
SchemaNode schema_array(std::string doc, SchemaNode items, json default_value) {
  SchemaNode n;
  n.type = SchemaNode::Type::Array;
  n.doc = std::move(doc);
  n.items = std::make_shared<SchemaNode>(std::move(items));
  n.default_value = std::move(default_value);
  return n;
}
SchemaNode schema_variant(std::string doc, std::vector<std::pair<std::string, SchemaNode>> variants) {
  SchemaNode n;
  n.type = SchemaNode::Type::Variant;
  n.doc = std::move(doc);
  n.variants = std::move(variants);
  return n;
}

size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j)
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1] ? 1u : 0u)});
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

namespace {

std::string escape_pointer_token(const std::string& key) {
  std::string out;
  for (char c : key) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

std::string type_name(const json& v) {
  if (v.is_null()) return "null";
  if (v.is_boolean()) return "a boolean";
  if (v.is_number()) return "a number";
  if (v.is_string()) return "a string";
  if (v.is_array()) return "an array";
  return "an object";
}

std::string suggestion(const std::string& key, const std::vector<std::string>& candidates) {
  std::string best;
  size_t best_d = 1000;
  for (const auto& c : candidates) {
    const size_t d = edit_distance(key, c);
    if (d < best_d) { best_d = d; best = c; }
  }
  if (!best.empty() && best_d <= std::max<size_t>(2, key.size() / 3)) return " (did you mean \"" + best + "\"?)";
  return "";
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", \"" : "\"") + v[i] + "\"";
  return s;
}

json validate_node(const json& in, const SchemaNode& node, const std::string& ptr, std::vector<SchemaError>& errors);

json validate_object_fields(const json& in, const std::vector<std::pair<std::string, SchemaNode>>& fields,
                            const std::string& ptr, std::vector<SchemaError>& errors,
                            const std::string& skip_key = "") {
  json out = json::object();
  if (!in.is_object()) {
    errors.push_back({ptr.empty() ? "/" : ptr, "expected an object, got " + type_name(in)});
    return out;
  }
  std::vector<std::string> known;
  for (const auto& [k, _] : fields) known.push_back(k);
  if (!skip_key.empty()) known.push_back(skip_key);
  for (const auto& [k, v] : in.items()) {
    if (k == skip_key) continue;
    bool found = false;
    for (const auto& [fk, _] : fields) found |= fk == k;
    if (!found)
      errors.push_back({ptr + "/" + escape_pointer_token(k), "unknown key \"" + k + "\"" + suggestion(k, known)});
  }
  for (const auto& [k, child] : fields) {
    const std::string cptr = ptr + "/" + escape_pointer_token(k);
    if (in.contains(k)) {
      out[k] = validate_node(in.at(k), child, cptr, errors);
    } else if (child.type == SchemaNode::Type::Object) {
      out[k] = validate_node(json::object(), child, cptr, errors);
    } else if (!child.default_value.is_null()) {
      out[k] = validate_node(child.default_value, child, cptr, errors);
    } else if (!child.optional) {
      errors.push_back({cptr, "required key is missing"});
    }
  }
  return out;
}

json validate_node(const json& in, const SchemaNode& node, const std::string& ptr, std::vector<SchemaError>& errors) {
  using T = SchemaNode::Type;
  auto check_range = [&](double v) {
    if (!std::isfinite(v)) { errors.push_back({ptr, "value must be finite"}); return; }
    const bool below = node.exclusive_min ? v <= node.min : v < node.min;
    if (below)
      errors.push_back({ptr, "value " + format_number(v) + " must be " + (node.exclusive_min ? "> " : ">= ") +
                                 format_number(node.min) + (node.unit.empty() ? "" : " " + node.unit)});
    if (v > node.max)
      errors.push_back({ptr, "value " + format_number(v) + " must be <= " + format_number(node.max) +
                                 (node.unit.empty() ? "" : " " + node.unit) +
                                 (node.limit_reason.empty() ? "" : " (" + node.limit_reason + ")")});
  };
  switch (node.type) {
    case T::Object:
      return validate_object_fields(in, node.fields, ptr, errors);
    case T::Number:
      if (!in.is_number()) { errors.push_back({ptr, "expected a number, got " + type_name(in)}); return in; }
      check_range(in.get<double>());
      return in;
    case T::Integer:
      if (!in.is_number_integer() && !(in.is_number() && std::floor(in.get<double>()) == in.get<double>())) {
        errors.push_back({ptr, "expected an integer, got " + type_name(in)});
        return in;
      }
      check_range(in.get<double>());
      return json(static_cast<int64_t>(in.get<double>()));
    case T::Boolean:
      if (!in.is_boolean()) errors.push_back({ptr, "expected true or false, got " + type_name(in)});
      return in;
    case T::String:
      if (!in.is_string()) errors.push_back({ptr, "expected a string, got " + type_name(in)});
      return in;
    case T::Enum: {
      if (!in.is_string()) {
        errors.push_back({ptr, "expected one of " + join(node.options) + ", got " + type_name(in)});
        return in;
      }
      const std::string s = in.get<std::string>();
      bool ok = false;
      for (const auto& o : node.options) ok |= o == s;
      if (!ok)
        errors.push_back({ptr, "unknown option \"" + s + "\"; allowed: " + join(node.options) + suggestion(s, node.options)});
      return in;
    }
    case T::Vec3: {
      if (!in.is_array() || in.size() != 3) {
        errors.push_back({ptr, "expected an array of 3 numbers" + std::string(node.unit.empty() ? "" : " (" + node.unit + ")") +
                                   ", got " + type_name(in)});
        return in;
      }
      for (size_t i = 0; i < 3; ++i) {
        if (!in[i].is_number()) errors.push_back({ptr + "/" + std::to_string(i), "expected a number, got " + type_name(in[i])});
        else if (!std::isfinite(in[i].get<double>())) errors.push_back({ptr + "/" + std::to_string(i), "value must be finite"});
      }
      return in;
    }
    case T::Array: {
      if (!in.is_array()) { errors.push_back({ptr, "expected an array, got " + type_name(in)}); return json::array(); }
      if (in.size() < node.min_items)
        errors.push_back({ptr, "needs at least " + std::to_string(node.min_items) + " entries"});
      json out = json::array();
      for (size_t i = 0; i < in.size(); ++i) out.push_back(validate_node(in[i], *node.items, ptr + "/" + std::to_string(i), errors));
      return out;
    }
    case T::Variant: {
      std::vector<std::string> names;
      for (const auto& [n, _] : node.variants) names.push_back(n);
      if (!in.is_object()) { errors.push_back({ptr, "expected an object, got " + type_name(in)}); return in; }
      if (!in.contains("type") || !in.at("type").is_string()) {
        errors.push_back({ptr + "/type", "required key \"type\" is missing; allowed: " + join(names)});
        return in;
      }
      const std::string t = in.at("type").get<std::string>();
      for (const auto& [n, v] : node.variants)
        if (n == t) {
          json out = validate_object_fields(in, v.fields, ptr, errors, "type");
          out["type"] = t;
          return out;
        }
      errors.push_back({ptr + "/type", "unknown option \"" + t + "\"; allowed: " + join(names) + suggestion(t, names)});
      return in;
    }
  }
  return in;
}

std::string node_type_text(const SchemaNode& n) {
  using T = SchemaNode::Type;
  switch (n.type) {
    case T::Object: return "object";
    case T::Number: return "number";
    case T::Integer: return "integer";
    case T::Boolean: return "boolean";
    case T::String: return "string";
    case T::Enum: return "string: " + join(n.options);
    case T::Vec3: return "[x, y, z]";
    case T::Array: return "array";
    case T::Variant: return "object by \"type\"";
  }
  return "";
}

std::string range_text(const SchemaNode& n) {
  std::string r;
  if (std::isfinite(n.min)) r += (n.exclusive_min ? "> " : ">= ") + format_number(n.min);
  if (std::isfinite(n.max)) r += (r.empty() ? "" : ", ") + std::string("<= ") + format_number(n.max);
  if (!n.limit_reason.empty()) r += " (" + n.limit_reason + ")";
  return r;
}

/// A section of the reference still to write: the object, variant or array element at `title`
/// (a JSON path such as solids[].geometry), reached through the variants listed in `within`
/// (e.g. "shell"), which sections with the same title and text share.
struct PendingSection {
  std::string title;
  const SchemaNode* node = nullptr;
  std::shared_ptr<std::vector<std::string>> within;
};

/// One row per field; the fields that are objects, variants or arrays of either are queued as
/// sections of their own, reached through `within`.
std::string markdown_fields(const std::vector<std::pair<std::string, SchemaNode>>& fields, const std::string& prefix,
                            const std::shared_ptr<std::vector<std::string>>& within, std::vector<PendingSection>& queue) {
  std::ostringstream os;
  os << "| key | type | unit | default | range | description |\n|---|---|---|---|---|---|\n";
  for (const auto& [k, c] : fields) {
    const bool nested = c.type == SchemaNode::Type::Object || c.type == SchemaNode::Type::Variant;
    std::string def = nested ? "(object)"
                      : c.default_value.is_null() ? (c.optional ? "(optional)" : "(required)")
                                                  : "`" + c.default_value.dump() + "`";
    std::string ty = node_type_text(c);
    if (c.type == SchemaNode::Type::Array && c.items) {
      ty = "array of " + node_type_text(*c.items);
      if (c.items->type == SchemaNode::Type::Object || c.items->type == SchemaNode::Type::Variant)
        queue.push_back({prefix + k + "[]", c.items.get(), within});
    }
    if (nested) queue.push_back({prefix + k, &c, within});
    os << "| `" << k << "` | " << ty << " | " << c.unit << " | " << def << " | " << range_text(c) << " | " << c.doc
       << " |\n";
  }
  return os.str();
}

/// The body of a section (its doc and tables; a variant's one table per type).
std::string markdown_section(const PendingSection& p, std::vector<PendingSection>& queue) {
  const SchemaNode& node = *p.node;
  std::ostringstream os;
  os << node.doc << "\n\n";
  if (node.type != SchemaNode::Type::Variant) {
    os << markdown_fields(node.fields, p.title + ".", p.within, queue);
    return os.str();
  }
  for (const auto& [name, v] : node.variants) {
    os << "### `" << p.title << "` with `\"type\": \"" << name << "\"`\n\n" << v.doc << "\n\n";
    os << markdown_fields(v.fields, p.title + ".", std::make_shared<std::vector<std::string>>(1, name), queue);
  }
  return os.str();
}

}  // namespace

json validate_with_defaults(const json& input, const SchemaNode& schema, std::vector<SchemaError>& errors) {
  return validate_node(input, schema, "", errors);
}

std::string schema_markdown(const SchemaNode& schema) {
  std::ostringstream os;
  os << "# Scene format reference\n\n"
     << "Generated from the schema compiled into ripple (`ripple schema > docs/scene-format.md`); a test keeps\n"
     << "this file in step. Scenes are JSON, SI units, y up. Unknown keys, wrong types, out-of-range values\n"
     << "and unknown option strings are errors naming the JSON pointer. Relative mesh paths resolve against\n"
     << "the scene file's folder.\n\n"
     << schema.doc << "\n";
  std::vector<PendingSection> queue;
  os << "\n## Top level\n\n" << markdown_fields(schema.fields, "", nullptr, queue);
  // Sections in the order they were reached; one with the title and text of an earlier one (the
  // rotation every solid type has) is written once, naming every type it belongs to.
  struct Section {
    std::string title, body;
    std::shared_ptr<std::vector<std::string>> within;
  };
  std::vector<Section> sections;
  for (size_t i = 0; i < queue.size(); ++i) {
    std::vector<PendingSection> children;
    PendingSection p = queue[i];
    if (p.within) p.within = std::make_shared<std::vector<std::string>>(*p.within);  // its own, shared with its children
    const std::string body = markdown_section(p, children);
    auto same = std::find_if(sections.begin(), sections.end(),
                             [&](const Section& s) { return s.title == p.title && s.body == body; });
    if (same != sections.end() && same->within && p.within) {
      for (const std::string& w : *p.within)
        if (std::find(same->within->begin(), same->within->end(), w) == same->within->end()) same->within->push_back(w);
      continue;  // its children are the earlier section's
    }
    sections.push_back({p.title, body, p.within});
    queue.insert(queue.end(), children.begin(), children.end());
  }
  for (const Section& s : sections) {
    os << "\n## `" << s.title << "`";
    if (s.within && !s.within->empty()) {
      os << " (`type`";
      for (size_t k = 0; k < s.within->size(); ++k) os << (k == 0 ? " " : ", ") << "`" << (*s.within)[k] << "`";
      os << ")";
    }
    os << "\n\n" << s.body;
  }
  return os.str();
}

}  // namespace ripple
