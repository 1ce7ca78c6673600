"""Who may use ``myword serve``: the checks every request passes before anything is served.

A page on any other site, open in the same browser, can reach a server on 127.0.0.1 (a
websocket is not held by the same-origin rule) and drive the app, deleting a saved game.
So, as Jupyter does, the server makes a random token when it starts and prints it in the
one address it prints; a request must carry it (in the address's ``?token=``, in the
cookie the page sets, or in the websocket's path) or it is refused. On top of the token,
two cheap checks: the Host header must name this machine (a DNS-rebinding page names its
own site), and a request that says where it comes from (Origin; a websocket must) must come
from the page this server served.

Plain functions of strings: the server (``serve_server``) calls them, tests call them
directly.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
import socket
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

# secrets.token_urlsafe(32): 256 random bits, 43 characters that need no escaping in a URL
TOKEN_BYTES = 32
LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain"})


def new_token() -> str:
    """A fresh token for one run of the server."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_matches(given: str | None, token: str) -> bool:
    """Whether ``given`` is the token (compared in constant time: no timing hints)."""
    if not given:
        return False
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"), token.encode("ascii"))


def cookie_name(port: int) -> str:
    """The token's cookie. Browsers keep cookies per host, not per port: two servers on
    one machine need two names."""
    return f"myword-serve-{port}"


def canonical_host(host: str) -> str:
    """``host`` as the address it means when it is an IPv4 address in one of the short or
    numeric forms the system also accepts (``0`` is 0.0.0.0, every address; ``127.1`` and
    ``2130706433`` are 127.0.0.1): the warning, the address printed and the Host check then
    speak of what is listened on (``--host 0`` listened on every address, warned of "0" and
    printed ``http://0:8000``). Anything else is kept as given."""
    if _address(host) is not None:
        return host
    try:
        return socket.inet_ntoa(socket.inet_aton(host))
    except (OSError, UnicodeError, ValueError):  # a name, or not an address at all
        return host


def is_wildcard(host: str) -> bool:
    """Whether ``host`` means every address of the machine (0.0.0.0, ::)."""
    try:
        return ipaddress.ip_address(host).is_unspecified
    except ValueError:
        return False


def is_loopback(host: str) -> bool:
    """Whether only this machine can reach ``host``."""
    if host.lower().rstrip(".") in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """``text`` as an IP address (an IPv4 address mapped into IPv6 as the IPv4 one)."""
    try:
        address = ipaddress.ip_address(text.split("%", 1)[0])  # fe80::1%eth0: no zone
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def machine_names() -> frozenset[str]:
    """This machine's own names, as a browser on the network could type them."""
    names = set(LOOPBACK_NAMES)
    for name in (socket.gethostname(), socket.getfqdn()):
        if name:
            names.add(name.lower().rstrip("."))
    return frozenset(names)


@dataclass(frozen=True)
class Access:
    """What the server accepts: its token, its port and the names it answers to."""

    token: str
    port: int
    bound: str  # the --host it listens on
    names: frozenset[str]  # host names accepted in a Host header (lower case)

    @classmethod
    def for_server(cls, token: str, host: str, port: int) -> Access:
        names = set(machine_names())
        if _address(host) is None:  # a name given as --host is a name it answers to
            names.add(host.lower().rstrip("."))
        return cls(token, port, host, frozenset(names))

    def host_refusal(self, host_header: str | None, local_address: str | None) -> str | None:
        """Why a Host header is refused, or None when it names this server: one of the
        machine's names, the address it listens on, or the address the request came in on
        (``local_address``: what a browser on the network types when the server listens on
        every address). A DNS-rebinding page sends its own site's name: refused."""
        if not host_header:
            return "the request names no host"
        try:
            split = urlsplit(f"//{host_header}")
            name, port = split.hostname, split.port
        except ValueError:
            return f"the host {host_header!r} is not an address"
        if not name or split.username is not None or split.path:
            return f"the host {host_header!r} is not an address"
        if (port if port is not None else 80) != self.port:
            return f"the host {host_header!r} names another port"
        address = _address(name)
        if address is None:
            known = name.rstrip(".") in self.names
        else:
            ours = {_address(self.bound), _address(local_address or "")}
            known = address in ours or (address.is_loopback and is_loopback(self.bound))
        if known:
            return None
        return f"this server does not answer to the host {host_header!r}"

    def origin_refusal(self, origin: str | None, host_header: str, secure: bool) -> str | None:
        """Why the Origin of a request is refused, or None when it is the page this server
        served (same scheme, same host as the request's own Host)."""
        if origin is None:
            return "the request does not say which page it comes from (no Origin)"
        expected = f"{'https' if secure else 'http'}://{host_header}".lower()
        if origin.lower().rstrip("/") != expected:
            return f"the request comes from another site ({origin})"
        return None

    def has_token(self, candidates: Iterable[str | None]) -> bool:
        """Whether any of the places a token can be carried holds this server's."""
        return any(token_matches(given, self.token) for given in candidates)


def url_host(host: str) -> str:
    """``host`` as written in a URL (an IPv6 address in brackets)."""
    return f"[{host}]" if ":" in host else host


def reachable_address(host: str) -> str:
    """The address another machine would use to reach a server listening on ``host``: the
    host itself, or for every address (0.0.0.0, ::) the address of the interface that
    leads out (found by aiming a UDP socket at a documentation address: nothing is sent),
    else the machine's name."""
    if not is_wildcard(host):
        return host
    attempts = [(socket.AF_INET, "192.0.2.1")]
    if ":" in host:
        attempts.insert(0, (socket.AF_INET6, "2001:db8::1"))
    for family, target in attempts:
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as probe:
                probe.connect((target, 9))
                address = probe.getsockname()[0]
        except OSError:
            continue
        if not is_loopback(address) and not is_wildcard(address):
            return address
    return socket.gethostname() or ("::1" if ":" in host else "127.0.0.1")


def server_url(host: str, port: int, token: str) -> str:
    """The address to open, token included."""
    return f"http://{url_host(host)}:{port}/?token={token}"
