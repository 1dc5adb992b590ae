/// The envelope of a message a client sends: every request has a sequence number and a
/// command; its arguments are read separately, by the type that command takes
/// (`RequestArguments`).
struct IncomingMessage: Decodable {
    var seq: Int
    var type: String
    var command: String?
}

/// A request's `arguments`, read as the type its command takes.
struct RequestArguments<Arguments: Decodable>: Decodable {
    var arguments: Arguments?
}

/// A response to request `request_seq`: a body on success, a message (and the same text as
/// the protocol's structured error) on failure.
struct OutgoingResponse<Body: Encodable>: Encodable {
    var seq: Int
    var type = "response"
    var requestSeq: Int
    var success: Bool
    var command: String
    var message: String?
    var body: Body?

    enum CodingKeys: String, CodingKey {
        case seq, type, success, command, message, body
        case requestSeq = "request_seq"
    }
}

/// The body of an error response: the protocol's `Message`, shown by clients as it is.
struct ErrorBody: Encodable {
    struct Message: Encodable {
        var id: Int
        var format: String
        var showUser: Bool
    }

    var error: Message
}

/// An event the adapter sends on its own.
struct OutgoingEvent<Body: Encodable>: Encodable {
    var seq: Int
    var type = "event"
    var event: String
    var body: Body?
}

/// No body: encoded as nothing at all.
struct NoBody: Codable {}
