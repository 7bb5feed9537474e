"""A TLS-terminating reverse proxy, run as a process of its own: `python tls_relay.py CERT KEY TARGET_PORT [PORT]`
listens on PORT (default: a free one) of 127.0.0.1, printed on the first line, speaks TLS with CERT and KEY, and relays each
connection's bytes to 127.0.0.1:TARGET_PORT in plain TCP — as stunnel or a TLS proxy in front of a Solr node does.
(The test suite's SolrCloud speaks plain HTTP: giving one of its nodes TLS of its own would need a cluster apart,
since SolrCloud's urlScheme is one for the whole cluster.)"""

from __future__ import annotations

import asyncio
import ssl
import sys


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, ssl.SSLError):
        pass
    finally:
        writer.close()


async def main(cert: str, key: str, target: int, port: int) -> None:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)

    async def relay(reader, writer) -> None:
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection("127.0.0.1", target)
        except OSError:
            writer.close()
            return
        await asyncio.gather(_pipe(reader, upstream_writer), _pipe(upstream_reader, writer))

    server = await asyncio.start_server(relay, "127.0.0.1", port, ssl=context, reuse_address=True)
    print(server.sockets[0].getsockname()[1], flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]) if len(sys.argv) > 4 else 0))
