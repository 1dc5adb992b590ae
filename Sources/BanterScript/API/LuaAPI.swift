/// The catalogue of what scripts can call: one definition per global function, method,
/// field and option-table key of the bot and scenario APIs, with its types (in the Lua
/// Language Server's notation) and a one-line doc. The runtime's option checks read their
/// known keys from here, `banter types` writes editor annotations and luacheck's globals
/// from it, `banter check` knows the globals and option names by it, and a test fails when
/// the runtime registers something this catalogue does not define (or the other way round).
///
/// Adding an API function: one entry in the area's file (`BotAPI`, `ChatAPI`), plus its
/// implementation; a scenario step is one file of BanterScenario's (`ScenarioStepDefinition`).
package struct LuaAPI: Sendable {
    /// Which kind of script sees it: `"bot"` or `"scenario"`.
    package let kind: String
    /// The global functions the runtime registers for this kind of script.
    package let globals: [APIFunction]
    /// The tables the functions take and hand out (option tables, `chat`, `msg`), in the
    /// order they are documented.
    package let classes: [APIClass]
    /// Named types used in the signatures (`Duration`).
    package let aliases: [APIAlias]

    package init(kind: String, globals: [APIFunction], classes: [APIClass], aliases: [APIAlias]) {
        self.kind = kind
        self.globals = globals
        self.classes = classes
        self.aliases = aliases
    }

    /// The global called `name`, if any.
    package func global(_ name: String) -> APIFunction? {
        globals.first { $0.name == name }
    }

    /// The class called `name`, if any.
    package func `class`(_ name: String) -> APIClass? {
        classes.first { $0.name == name }
    }
}

/// A function scripts call: a global (`on`) or a method (`chat:reply`).
package struct APIFunction: Sendable {
    package let name: String
    package let parameters: [APIParameter]
    let returns: [APIReturn]
    package let doc: String

    package init(_ name: String, _ parameters: [APIParameter] = [], returns: [APIReturn] = [], doc: String) {
        self.name = name
        self.parameters = parameters
        self.returns = returns
        self.doc = doc
    }

    /// The option-table parameters that name a class (for checking literal tables).
    var optionClasses: [(position: Int, className: String)] {
        parameters.enumerated().compactMap { offset, parameter in
            parameter.optionsClass.map { (offset, $0) }
        }
    }
}

/// One parameter: its name, LuaLS type (`string`, `Duration`, `fun(msg: BanterMessage)`),
/// whether it may be left out, and, for an option table, the class that lists its keys.
package struct APIParameter: Sendable {
    package let name: String
    package let type: String
    package let isOptional: Bool
    /// The class whose fields are the keys a literal table here may have.
    package let optionsClass: String?
    package let doc: String

    /// Required unless said otherwise, as most API arguments are; `options` names the class
    /// whose keys `banter check` and the runtime accept in a literal table here.
    package init(_ name: String, _ type: String, optional: Bool = false, options: String? = nil, doc: String = "") {
        self.name = name
        self.type = type
        self.isOptional = optional
        self.optionsClass = options
        self.doc = doc
    }
}

/// One return value.
package struct APIReturn: Sendable {
    package let type: String
    package let name: String
    package let doc: String

    package init(_ type: String, _ name: String, doc: String = "") {
        self.type = type
        self.name = name
        self.doc = doc
    }
}

/// A table with known keys: an option table (`bot { … }`'s), or an object the runtime
/// hands to scripts (`chat`, `msg`), with fields and methods.
package struct APIClass: Sendable {
    package let name: String
    package let doc: String
    package let fields: [APIField]
    let methods: [APIFunction]

    package init(_ name: String, doc: String, fields: [APIField], methods: [APIFunction] = []) {
        self.name = name
        self.doc = doc
        self.fields = fields
        self.methods = methods
    }

    /// The keys a table of this class may have, in the documented order (what an unknown
    /// option's error lists).
    package var fieldNames: [String] { fields.map(\.name) }
}

/// A key of a class: its LuaLS type and whether it may be left out.
package struct APIField: Sendable {
    package let name: String
    package let type: String
    package let isOptional: Bool
    package let doc: String

    /// Optional unless said otherwise, as most option keys are; the doc is required because
    /// it is what editors show for the key.
    package init(_ name: String, _ type: String, optional: Bool = true, doc: String) {
        self.name = name
        self.type = type
        self.isOptional = optional
        self.doc = doc
    }
}

/// A named type (`---@alias`), such as `Duration`.
package struct APIAlias: Sendable {
    package let name: String
    package let type: String
    package let doc: String

    package init(_ name: String, _ type: String, doc: String) {
        self.name = name
        self.type = type
        self.doc = doc
    }
}
