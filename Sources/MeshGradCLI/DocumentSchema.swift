import MeshGradCore

/// The JSON Schema (draft 2020-12) of the gradient document, as
/// `meshgrad schema` prints it. The decoder (MeshGradDocument) is the
/// authority; a test validates every preset against this schema and checks
/// that it refuses what the decoder refuses (unknown keys, bad colors).
enum DocumentSchema {
    /// The keys a mesh has both as a document and as a scene layer's fill
    /// (a document adds `size` and `grain`): written once, used twice.
    /// The symbol names an icon may have, as JSON strings.
    static let iconNames = IconSymbols.glyphs.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
    /// SwiftUI's text styles, as JSON strings.
    static let textStyleNames = TextStyleName.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")

    static let meshFields = #"""
                "width": {"type": "integer", "minimum": 2, "maximum": 256},
                "height": {"type": "integer", "minimum": 2, "maximum": 256},
                "points": {"type": "array", "items": {"$ref": "#/$defs/point"}},
                "bezierPoints": {"type": "array", "items": {"$ref": "#/$defs/bezierPoint"}},
                "colors": {"type": "array", "items": {"$ref": "#/$defs/color"}},
                "background": {"$ref": "#/$defs/color"},
                "smoothsColors": {"type": "boolean"},
                "colorSpace": {"$ref": "#/$defs/colorSpace"},
                "animation": {"$ref": "#/$defs/animation"},
                "poster": {"type": "number"}
        """#

    static let text = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://meshgrad.invalid/schema/document.json",
          "title": "meshgrad gradient document",
          "description": "A mesh (width, height, points or bezierPoints, colors, ...) or a scene (layers). See Docs/document-format.md.",
          "oneOf": [{"$ref": "#/$defs/meshDocument"}, {"$ref": "#/$defs/sceneDocument"}],
          "$defs": {
            "number": {"type": "number"},
            "unit": {"type": "number", "minimum": 0, "maximum": 1},
            "point": {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2},
            "rect": {"type": "array", "items": {"type": "number"}, "minItems": 4, "maxItems": 4},
            "pixelSize": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 65536}, "minItems": 2, "maxItems": 2},
            "grain": {
              "description": "Film grain in linear light before quantization (mesh-math §8a).",
              "type": "object",
              "properties": {
                "amount": {"type": "number", "minimum": 0, "maximum": 1},
                "size": {"type": "number", "minimum": 1, "maximum": 64},
                "monochrome": {"type": "boolean"},
                "seed": {"type": "integer", "minimum": 0, "maximum": 4294967295},
                "animated": {"type": "boolean"}
              },
              "additionalProperties": false
            },
            "color": {
              "description": "\"#RRGGBB\", \"#RRGGBBAA\", [r, g, b] or [r, g, b, a] with components in 0…1 (sRGB), or CSS Color 4: \"color(display-p3 r g b)\" (srgb, srgb-linear, display-p3, rec2020; \"/ a\" for alpha) or \"oklch(L C H)\".",
              "oneOf": [
                {"type": "string", "pattern": "^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"},
                {"type": "string", "pattern": "^\\s*(color\\(\\s*(srgb|srgb-linear|display-p3|rec2020)(\\s+[-+0-9.eE]+%?){3}|oklch\\((\\s*[-+0-9.eE]+%?){2}\\s+[-+0-9.eE]+(deg)?)\\s*(/\\s*[-+0-9.eE]+%?\\s*)?\\)\\s*$"},
                {"type": "array", "items": {"$ref": "#/$defs/unit"}, "minItems": 3, "maxItems": 4}
              ]
            },
            "colorSpace": {"enum": ["device", "perceptual"]},
            "bezierPoint": {
              "type": "object",
              "properties": {
                "position": {"$ref": "#/$defs/point"},
                "leading": {"$ref": "#/$defs/point"},
                "top": {"$ref": "#/$defs/point"},
                "trailing": {"$ref": "#/$defs/point"},
                "bottom": {"$ref": "#/$defs/point"}
              },
              "required": ["position"],
              "additionalProperties": false
            },
            "easing": {
              "oneOf": [
                {"enum": ["linear", "easeIn", "easeOut", "easeInOut"]},
                {
                  "type": "object",
                  "properties": {
                    "spring": {
                      "type": "object",
                      "properties": {"response": {"type": "number", "exclusiveMinimum": 0}, "dampingFraction": {"type": "number", "minimum": 0}},
                      "additionalProperties": false
                    }
                  },
                  "required": ["spring"],
                  "additionalProperties": false
                }
              ]
            },
            "wave": {
              "type": "object",
              "properties": {
                "base": {"type": "number"},
                "amplitude": {"type": "number"},
                "frequency": {"type": "number"},
                "phase": {"type": "number"}
              },
              "additionalProperties": false
            },
            "animation": {
              "type": "object",
              "properties": {
                "loop": {"type": "number", "exclusiveMinimum": 0},
                "waves": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "properties": {"vertex": {"type": "integer", "minimum": 0}, "x": {"$ref": "#/$defs/wave"}, "y": {"$ref": "#/$defs/wave"}},
                    "required": ["vertex"],
                    "additionalProperties": false
                  }
                },
                "drift": {
                  "type": "object",
                  "properties": {
                    "seed": {"type": "integer"},
                    "amplitude": {"type": "number", "minimum": 0, "maximum": 1},
                    "speed": {"type": "number"}
                  },
                  "additionalProperties": false
                },
                "keyframes": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "properties": {
                      "duration": {"type": "number", "exclusiveMinimum": 0},
                      "easing": {"$ref": "#/$defs/easing"},
                      "points": {"type": "array", "items": {"$ref": "#/$defs/point"}},
                      "colors": {"type": "array", "items": {"$ref": "#/$defs/color"}},
                      "background": {"$ref": "#/$defs/color"}
                    },
                    "required": ["duration"],
                    "additionalProperties": false
                  }
                }
              },
              "additionalProperties": false
            },
            "mesh": {
              "description": "A mesh inside a scene's fill: a mesh document without size.",
              "type": "object",
              "properties": {
        \#(meshFields)
              },
              "required": ["width", "height", "colors"],
              "oneOf": [{"required": ["points"]}, {"required": ["bezierPoints"]}],
              "additionalProperties": false
            },
            "meshDocument": {
              "type": "object",
              "properties": {
        \#(meshFields),
                "grain": {"$ref": "#/$defs/grain"},
                "size": {"$ref": "#/$defs/pixelSize"}
              },
              "required": ["width", "height", "colors"],
              "oneOf": [{"required": ["points"]}, {"required": ["bezierPoints"]}],
              "additionalProperties": false
            },
            "linearGradient": {
              "type": "object",
              "properties": {
                "colors": {"type": "array", "items": {"$ref": "#/$defs/color"}, "minItems": 2, "maxItems": 16},
                "stops": {
                  "type": "array",
                  "minItems": 2,
                  "maxItems": 16,
                  "items": {
                    "type": "object",
                    "properties": {"location": {"type": "number"}, "color": {"$ref": "#/$defs/color"}},
                    "required": ["location", "color"],
                    "additionalProperties": false
                  }
                },
                "start": {"$ref": "#/$defs/point"},
                "end": {"$ref": "#/$defs/point"},
                "colorSpace": {"$ref": "#/$defs/colorSpace"}
              },
              "oneOf": [{"required": ["colors"]}, {"required": ["stops"]}],
              "additionalProperties": false
            },
            "fill": {
              "oneOf": [
                {"$ref": "#/$defs/color"},
                {"type": "object", "properties": {"linearGradient": {"$ref": "#/$defs/linearGradient"}}, "required": ["linearGradient"], "additionalProperties": false},
                {"type": "object", "properties": {"gradient": {"$ref": "#/$defs/color"}}, "required": ["gradient"], "additionalProperties": false},
                {"type": "object", "properties": {"material": {"enum": ["ultraThin", "thin", "regular", "thick"]}}, "required": ["material"], "additionalProperties": false},
                {"type": "object", "properties": {"mesh": {"$ref": "#/$defs/mesh"}}, "required": ["mesh"], "additionalProperties": false},
                {"type": "object", "properties": {"image": {"type": "string", "minLength": 1, "maxLength": 4096}, "contentMode": {"enum": ["stretch", "fill", "fit"]}}, "required": ["image"], "additionalProperties": false}
              ]
            },
            "layer": {
              "type": "object",
              "properties": {
                "frame": {"$ref": "#/$defs/rect"},
                "fill": {"$ref": "#/$defs/fill"},
                "opacity": {"$ref": "#/$defs/unit"},
                "shadow": {
                  "type": "object",
                  "properties": {"color": {"$ref": "#/$defs/color"}, "radius": {"type": "number", "minimum": 0}, "offset": {"$ref": "#/$defs/point"}},
                  "additionalProperties": false
                },
                "text": {
                  "type": "object",
                  "properties": {
                    "string": {"type": "string", "minLength": 1},
                    "size": {"type": "number", "exclusiveMinimum": 0},
                    "weight": {"enum": ["regular", "bold", "heavy"]},
                    "width": {"oneOf": [{"enum": ["standard", "expanded", "condensed", "compressed"]}, {"type": "number", "exclusiveMinimum": 0}]},
                    "alignment": {"enum": ["leading", "center", "trailing"]},
                    "lineSpacing": {"type": "number"},
                    "font": {"type": "string"},
                    "style": {"$ref": "#/$defs/textStyle"},
                    "fixedSize": {"oneOf": [
                      {"type": "boolean"},
                      {"type": "object", "properties": {"horizontal": {"type": "boolean"}, "vertical": {"type": "boolean"}}, "required": ["horizontal", "vertical"], "additionalProperties": false}
                    ]}
                  },
                  "required": ["string"],
                  "anyOf": [{"required": ["size"]}, {"required": ["style"]}],
                  "additionalProperties": false
                },
                "icon": {
                  "type": "object",
                  "properties": {
                    "name": {"enum": [\#(iconNames)]},
                    "style": {"$ref": "#/$defs/textStyle"},
                    "size": {"type": "number", "exclusiveMinimum": 0},
                    "weight": {"enum": ["regular", "bold", "heavy"]}
                  },
                  "required": ["name"],
                  "additionalProperties": false
                },
                "keyframes": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "properties": {
                      "duration": {"type": "number", "exclusiveMinimum": 0},
                      "easing": {"$ref": "#/$defs/easing"},
                      "frame": {"$ref": "#/$defs/rect"},
                      "opacity": {"$ref": "#/$defs/unit"},
                      "offset": {"$ref": "#/$defs/point"},
                      "scale": {"type": "number", "minimum": 0, "maximum": 100},
                      "delay": {"type": "number", "minimum": 0}
                    },
                    "anyOf": [{"required": ["duration"]}, {"required": ["easing"], "properties": {"easing": {"type": "object"}}}],
                    "additionalProperties": false
                  }
                },
                "loop": {"type": "number", "exclusiveMinimum": 0},
                "name": {"type": "string", "maxLength": 200},
                "locked": {"type": "boolean"},
                "offset": {"$ref": "#/$defs/point"},
                "scale": {"type": "number", "minimum": 0, "maximum": 100},
                "shape": {
                  "oneOf": [
                    {"enum": ["rectangle", "capsule", "circle"]},
                    {
                      "type": "object",
                      "properties": {
                        "roundedRectangle": {
                          "type": "object",
                          "properties": {"cornerRadius": {"type": "number", "minimum": 0, "maximum": 100000}},
                          "required": ["cornerRadius"],
                          "additionalProperties": false
                        }
                      },
                      "required": ["roundedRectangle"],
                      "additionalProperties": false
                    }
                  ]
                },
                "stroke": {
                  "type": "object",
                  "properties": {"color": {"$ref": "#/$defs/color"}, "width": {"type": "number", "minimum": 0, "maximum": 10000}},
                  "required": ["color"],
                  "additionalProperties": false
                }
              },
              "anyOf": [{"required": ["fill"]}, {"required": ["stroke"]}],
              "additionalProperties": false
            },
            "textStyle": {"enum": [\#(textStyleNames)]},
            "layoutLength": {"type": "number", "minimum": 0, "maximum": 100000},
            "stack": {
              "type": "object",
              "properties": {
                "spacing": {"$ref": "#/$defs/layoutLength"},
                "alignment": {"enum": ["center", "leading", "trailing", "top", "bottom", "topLeading", "topTrailing", "bottomLeading", "bottomTrailing"]},
                "padding": {"oneOf": [{"$ref": "#/$defs/layoutLength"}, {"type": "array", "items": {"$ref": "#/$defs/layoutLength"}, "minItems": 4, "maxItems": 4}]},
                "background": {"type": "integer", "minimum": 0},
                "children": {"type": "array", "items": {"$ref": "#/$defs/layoutNode"}}
              },
              "additionalProperties": false
            },
            "layoutNode": {
              "description": "A stack, a spacer or a layer (by index) of a scene's layout. See Docs/document-format.md, Layout.",
              "oneOf": [
                {"type": "object", "properties": {"vstack": {"$ref": "#/$defs/stack"}}, "required": ["vstack"], "additionalProperties": false},
                {"type": "object", "properties": {"hstack": {"$ref": "#/$defs/stack"}}, "required": ["hstack"], "additionalProperties": false},
                {"type": "object", "properties": {"zstack": {"$ref": "#/$defs/stack"}}, "required": ["zstack"], "additionalProperties": false},
                {
                  "type": "object",
                  "properties": {"spacer": {"type": "object", "properties": {"minLength": {"$ref": "#/$defs/layoutLength"}}, "additionalProperties": false}},
                  "required": ["spacer"],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {"layer": {"type": "integer", "minimum": 0}, "width": {"$ref": "#/$defs/layoutLength"}, "height": {"$ref": "#/$defs/layoutLength"}},
                  "required": ["layer"],
                  "additionalProperties": false
                }
              ]
            },
            "sceneDocument": {
              "type": "object",
              "properties": {
                "grain": {"$ref": "#/$defs/grain"},
                "size": {"$ref": "#/$defs/pixelSize"},
                "points": {"type": "array", "items": {"type": "number", "exclusiveMinimum": 0}, "minItems": 2, "maxItems": 2},
                "background": {"$ref": "#/$defs/fill"},
                "layers": {"type": "array", "items": {"$ref": "#/$defs/layer"}},
                "layout": {"$ref": "#/$defs/layoutNode"},
                "poster": {"type": "number"}
              },
              "required": ["layers"],
              "additionalProperties": false
            }
          }
        }
        """#
}
