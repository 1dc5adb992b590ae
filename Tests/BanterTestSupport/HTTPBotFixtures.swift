/// Python servers (standard library only) that HTTP bot tests run on loopback with
/// `LoopbackServer`.
package enum HTTPBotFixtures {
    /// A server that misbehaves by path, for the fault tests: `/slow` answers after 5 s,
    /// `/error` with HTTP 500, `/garbage` with text that is not JSON, `/close` closes the
    /// connection without answering, `/flood` with 5 MiB, `/not-a-list` with a Rasa answer
    /// that is not a list, `/bad-action` with an action Banter does not know; anything else
    /// answers a message in Banter's events format with "ok: TEXT" (and Rasa's shape under
    /// `/webhooks/rest/webhook`).
    package static let faultyServer = """
        from argparse import ArgumentParser
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
        from json import dumps, loads
        from time import sleep

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True

            def answer(self, status, body):
                data = body.encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_POST(self):
                request = loads(self.rfile.read(int(self.headers["Content-Length"])))
                if self.path == "/slow":
                    sleep(5)
                if self.path == "/error":
                    return self.answer(500, "boom")
                if self.path == "/garbage":
                    return self.answer(200, "hello there")
                if self.path == "/close":
                    self.close_connection = True
                    return
                if self.path == "/flood":
                    return self.answer(200, "[" + ",".join(['{"type":"typing","ms":1}'] * 250000) + "]")
                if self.path == "/not-a-list":
                    return self.answer(200, '{"text": "hi"}')
                if self.path == "/bad-action":
                    return self.answer(200, '[{"type": "dance"}]')
                if self.path == "/webhooks/rest/webhook":
                    return self.answer(200, dumps([{"recipient_id": request["sender"],
                                                         "text": "ok: " + request["message"]}]))
                text = request.get("message", {}).get("text")
                actions = [{"type": "reply", "text": "ok: " + text}] if text is not None else []
                return self.answer(200, dumps(actions))

            def log_message(self, format, *args):
                pass

        parser = ArgumentParser()
        parser.add_argument("--port", type=int, default=0)
        server = ThreadingHTTPServer(("127.0.0.1", parser.parse_args().port), Handler)
        print(f"listening on http://127.0.0.1:{server.server_address[1]}", flush=True)
        server.serve_forever()
        """
}
