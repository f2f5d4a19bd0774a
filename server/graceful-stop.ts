import type { Server as HttpServer, ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";

/**
 * How long a connection without a request in progress may stay open once stopping began: its
 * client may be writing a request right now (a keep-alive client reusing it, or a fresh
 * connection whose bytes are on their way), and that request deserves an answer.
 */
const QUIET_MS = 1_000;
const SWEEP_EVERY_MS = 100;

interface Connection {
  /** Answers to requests read from this connection, not yet finished. */
  responses: Set<ServerResponse>;
  /** `bytesRead` when the last answer ended: more means a request has begun arriving. */
  bytesAtRest: number;
  /** When the connection last had nothing to do. */
  quietSince: number;
}

/**
 * Follows a server's connections from the moment it starts, so that stopping it answers every
 * request that reached it, including those still unread in a socket buffer: Node's own
 * `server.close()` drops every connection without a parsed request, which resets those.
 * Returns the stop: it keeps accepting what the kernel has already queued for at most
 * `acceptQueuedMs`, then stops listening, and resolves once the last connection has ended.
 */
export function gracefulStop(server: HttpServer): (acceptQueuedMs: number) => Promise<void> {
  const connections = new Map<Socket, Connection>();
  let stopping = false;
  let acceptedInTurn = 0;

  server.on("connection", (socket: Socket) => {
    acceptedInTurn += 1;
    connections.set(socket, {
      responses: new Set(),
      bytesAtRest: 0,
      quietSince: performance.now(),
    });
    socket.once("close", () => connections.delete(socket));
  });
  // First in line, so the header is there before the app writes its answer.
  server.prependListener("request", (request, response) => {
    const connection = connections.get(request.socket);
    if (!connection) return;
    connection.responses.add(response);
    if (/\btext\/event-stream\b/i.test(request.headers.accept ?? "")) eventStreams.add(response);
    if (stopping) response.setHeader("Connection", "close");
    response.once("close", () => {
      connection.responses.delete(response);
      if (connection.responses.size === 0) {
        connection.bytesAtRest = request.socket.bytesRead;
        connection.quietSince = performance.now();
      }
    });
  });

  return (acceptQueuedMs) => {
    stopping = true;
    const stoppedAt = performance.now();
    for (const { responses } of connections.values()) {
      // Answers not yet begun say that the connection ends with them.
      for (const response of responses) {
        if (!response.headersSent) response.setHeader("Connection", "close");
      }
    }
    const closeQuiet = () => {
      const now = performance.now();
      for (const [socket, c] of connections) {
        const quiet = c.responses.size === 0 && socket.bytesRead === c.bytesAtRest;
        if (quiet && now - Math.max(c.quietSince, stoppedAt) >= QUIET_MS) socket.destroy();
        // An event stream never finishes by itself; its client reconnects (to another server).
        else if ([...c.responses].some(isEventStream)) socket.destroy();
      }
    };
    // Checked right after an I/O poll, so bytes that had already arrived have been read.
    const sweep = setInterval(() => setImmediate(closeQuiet), SWEEP_EVERY_MS);
    sweep.unref();
    return new Promise<void>((resolve) => {
      // The kernel has completed handshakes that Node has not accepted yet (one per turn of the
      // event loop); closing the listener would reset them. Accept until a turn brings none.
      const deadline = stoppedAt + acceptQueuedMs;
      acceptedInTurn = 1;
      const closeListenerOnceDrained = () => {
        if (acceptedInTurn > 0 && performance.now() < deadline) {
          acceptedInTurn = 0;
          setImmediate(closeListenerOnceDrained);
          return;
        }
        // net's close: stop listening, and call back once every connection has ended.
        NetServer.prototype.close.call(server, () => {
          clearInterval(sweep);
          resolve();
        });
      };
      setImmediate(closeListenerOnceDrained);
    });
  };
}

/** Answers to requests for Server-Sent Events (`Accept: text/event-stream`). */
const eventStreams = new WeakSet<ServerResponse>();

/** A Server-Sent Events answer already under way (a watch-together room's stream). */
function isEventStream(response: ServerResponse): boolean {
  return eventStreams.has(response) && response.headersSent && response.statusCode === 200;
}
