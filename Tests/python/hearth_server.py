"""Starts and stops a `hearth serve` process for the tests."""
import os
import signal
import socket
import subprocess
import threading
import time


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class HearthServer:
    """One `hearth serve` process on a free loopback port."""

    def __init__(self, data_dir, extra_args=(), port=None):
        self.binary = os.environ["HEARTH_BIN"]
        self.data_dir = str(data_dir)
        self.extra_args = list(extra_args)
        self.port = port or free_port()
        self.process = None
        self.lines = []

    @property
    def host(self):
        return f"127.0.0.1:{self.port}"

    @property
    def url(self):
        return f"http://{self.host}"

    def start(self, timeout=60):
        args = [self.binary, "serve", "--port", str(self.port), "--data", self.data_dir, *self.extra_args]
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        ready = threading.Event()

        def drain():
            for line in self.process.stdout:
                self.lines.append(line.rstrip("\n"))
                if "ready" in line:
                    ready.set()
            ready.set()

        threading.Thread(target=drain, daemon=True).start()
        if not ready.wait(timeout) or self.process.poll() is not None:
            self.kill()
            raise RuntimeError("hearth serve did not become ready:\n" + "\n".join(self.lines))
        return self

    def stop(self, timeout=20):
        """SIGTERM, then wait for a clean exit; returns the exit code."""
        if self.process is None or self.process.poll() is not None:
            return self.process.returncode if self.process else None
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise

    def kill(self):
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)

    def wait_exit(self, timeout=20):
        return self.process.wait(timeout)
