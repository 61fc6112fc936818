"""The HTTP/2 flow-control windows the server grants a client, read off the wire.

A Commit of 500 documents is ~160 KB. With the protocol's initial 64 KiB windows a client sends a
window's worth and waits for the server's WINDOW_UPDATE before the rest, two or three times per
request; the server grants an 8 MiB window on each stream, and on the connection as soon as the
first data arrives.
"""
import socket
import struct

PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
DATA, HEADERS, SETTINGS, WINDOW_UPDATE = 0x0, 0x1, 0x4, 0x8
ACK, END_HEADERS = 0x1, 0x4
INITIAL_WINDOW_SIZE = 0x4
PROTOCOL_INITIAL_WINDOW = 65_535
GRANTED = 8 * 1024 * 1024


def frame(kind, flags, stream, payload=b""):
    return struct.pack(">I", len(payload))[1:] + bytes([kind, flags]) + struct.pack(">I", stream) + payload


def read_exactly(sock, count):
    data = b""
    while len(data) < count:
        chunk = sock.recv(count - len(data))
        if not chunk:
            raise ConnectionError("the server closed the connection")
        data += chunk
    return data


def read_frame(sock):
    header = read_exactly(sock, 9)
    length = int.from_bytes(header[:3], "big")
    stream = struct.unpack(">I", header[5:9])[0] & 0x7FFF_FFFF
    return header[3], header[4], stream, read_exactly(sock, length)


def header(name, value):
    """An HPACK literal header field without indexing, new name, no Huffman coding."""
    name, value = name.encode(), value.encode()
    return b"\x00" + bytes([len(name)]) + name + bytes([len(value)]) + value


COMMIT_HEADERS = b"".join(header(n, v) for n, v in [
    (":method", "POST"), (":scheme", "http"), (":path", "/google.firestore.v1.Firestore/Commit"),
    (":authority", "localhost"), ("content-type", "application/grpc"), ("te", "trailers")])


def frames_after_first_data(host, sent=16_384):
    """Opens a connection, starts a Commit whose message announces 100,000 bytes, sends the first
    `sent` of them in one DATA frame, and returns every frame the server sends until it has
    been quiet for a second."""
    address, port = host.rsplit(":", 1)
    with socket.create_connection((address, int(port)), timeout=1) as sock:
        sock.sendall(PREFACE + frame(SETTINGS, 0, 0))
        sock.sendall(frame(HEADERS, END_HEADERS, 1, COMMIT_HEADERS))
        sock.sendall(frame(DATA, 0, 1, b"\x00" + struct.pack(">I", 100_000) + bytes(sent - 5)))
        frames = []
        try:
            while True:
                kind, flags, stream, payload = read_frame(sock)
                frames.append((kind, flags, stream, payload))
                if kind == SETTINGS and not flags & ACK:
                    sock.sendall(frame(SETTINGS, ACK, 0))
        except socket.timeout:
            return frames


def window_after(frames, stream, sent=16_384):
    """What the client may send on `stream` (0: the connection) after `sent` bytes, by the frames."""
    increments = sum(struct.unpack(">I", payload)[0] & 0x7FFF_FFFF
                     for kind, _, on, payload in frames if kind == WINDOW_UPDATE and on == stream)
    return PROTOCOL_INITIAL_WINDOW - sent + increments


def test_streams_get_an_8_mib_window(server):
    frames = frames_after_first_data(server.host)
    settings = [payload for kind, flags, _, payload in frames if kind == SETTINGS and not flags & ACK]
    assert settings, "the server sent no SETTINGS frame"
    values = dict(struct.unpack(">HI", settings[0][i:i + 6]) for i in range(0, len(settings[0]), 6))
    assert values.get(INITIAL_WINDOW_SIZE) == GRANTED


def test_the_connection_window_opens_to_8_mib_on_the_first_data(server):
    # With the protocol's 64 KiB, the server waits for half of it before granting more.
    frames = frames_after_first_data(server.host)
    assert window_after(frames, 0) >= GRANTED - 16_384
