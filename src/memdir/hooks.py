"""Plugin hooks (pluggy): harnesses, LLM providers, embedders and bootstrap sources.
memdir's own register through them as a plugin does: ``@hookimpl`` functions found through
an entry point in the ``memdir`` group (README: Plugins; docs/design/architecture.md)."""

from __future__ import annotations

import contextlib
import functools
import importlib
import importlib.metadata
import inspect
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import pluggy

from .core import plugin_deadline
from .core.errors import EmbedError, MemdirError, ProviderError, ValidationError

hookspec = pluggy.HookspecMarker("memdir")
hookimpl = pluggy.HookimplMarker("memdir")
T = TypeVar("T")

#: The built-in plugins, registered through the same hooks as any other.
BUILTINS = (
    "memdir.pipeline.rules",
    "memdir.pipeline.providers",
    "memdir.sessions.vectors",
    "memdir.interop.claude_code",
    "memdir.interop.codex",
    "memdir.interop.hermes",
    "memdir.interop.bootstrap.sources",
)


class Specs:
    """The hooks a plugin may implement (each is called with one ``register`` function)."""

    @hookspec
    def register_providers(self, register: Callable[..., None]) -> None:
        """``register(kind, factory, usage)``: ``factory(model, api_key=…, base_url=…)``
        returns a provider for ``llm = "kind:model"``; ``usage`` shows how to name it. A
        factory that takes a ``timeout`` argument is also given ``llm_timeout`` (seconds)."""

    @hookspec
    def register_embedders(self, register: Callable[..., None]) -> None:
        """``register(kind, factory, usage)``: ``factory(model, base_url, api_key)``
        returns an embedder for ``embed = "kind:model"``."""

    @hookspec
    def register_harnesses(self, register: Callable[..., None]) -> None:
        """``register(name, memory=None, transcripts=None)``: a harness's memory importer
        and exporter (a :class:`memdir.interop.Harness`) and its transcripts reader."""

    @hookspec
    def register_bootstrap_sources(self, register: Callable[..., None]) -> None:
        """``register(kind, title, gather=None)``: ``gather(md, paths, found, progress)``
        adds what a Day-1 source holds to ``found`` (a ``memdir.interop.bootstrap.Gathered``,
        whose candidates carry ``kind``); without ``gather`` the kind is filled by another
        source."""


@dataclass(frozen=True)
class Provider:
    """A registered LLM provider (or embedder) kind."""

    kind: str
    factory: Callable[..., Any]
    usage: str


@dataclass(frozen=True)
class HarnessPlugin:
    """A registered harness: its memory importer/exporter and transcripts reader."""

    name: str
    memory: Any = None
    transcripts: Any = None


@dataclass(frozen=True)
class Source:
    """A registered Day-1 bootstrap source."""

    kind: str
    title: str
    gather: Callable[..., None] | None = None


_manager: pluggy.PluginManager | None = None

#: Installed plugins that could not be loaded: entry point name → why.
_BROKEN: dict[str, str] = {}

#: Installed plugins: entry point name → the distribution that installed it.
_PACKAGES: dict[str, str] = {}
#: Installed plugins left behind (an import or hook that did not return in time): name →
#: its distribution. memdir calls none of their hooks again, nor loads the distribution's
#: other entry points (they would wait on its module's import lock).
_LEFT: dict[str, str] = {}

log = logging.getLogger("memdir")


def manager() -> pluggy.PluginManager:
    """The plugin manager: the built-ins, then installed plugins (loaded on first use)."""
    global _manager
    if _manager is None:
        pm = pluggy.PluginManager("memdir")
        pm.add_hookspecs(Specs)
        for name in BUILTINS:
            pm.register(importlib.import_module(name), name)
        _load_installed(pm)
        _manager = pm
    return _manager


def _load_installed(pm: pluggy.PluginManager) -> None:
    """Each installed plugin on its own: one that fails to import or register, or whose
    import does not return in time, is left out with a warning naming it (in
    :data:`_BROKEN`), and memdir runs without it."""
    for ep in importlib.metadata.entry_points(group="memdir"):
        if pm.get_plugin(ep.name) is not None or pm.is_blocked(ep.name) or ep.name in _LEFT:
            continue
        package = _PACKAGES[ep.name] = ep.dist.name if ep.dist is not None else ep.name
        if package in _LEFT.values():
            _BROKEN[ep.name] = f"its package {package} has a plugin that was left behind"
            continue
        try:
            pm.register(_run(ep.name, "import", ep.load), name=ep.name)
        except plugin_deadline.Late:
            continue
        except Exception as exc:  # noqa: BLE001  (a third party's import or hooks)
            if pm.get_plugin(ep.name) is not None:
                pm.unregister(name=ep.name)
            failed = isinstance(exc, plugin_deadline.Failed)
            why = str(exc) if failed else f"{type(exc).__name__}: {exc}"
            _BROKEN[ep.name] = why
            log.warning(
                "plugin %r (%s) was not loaded, memdir runs without it: %s",
                ep.name,
                ep.value,
                why,
            )


#: Warnings given once per process (a plugin's hook that failed, a built-in replaced).
_TOLD: set[str] = set()


def _tell_once(message: str) -> None:
    if message not in _TOLD:
        _TOLD.add(message)
        log.warning("%s", message)


def _run(plugin: str, what: str, call: Callable[[], T]) -> T:
    """``call()``, the installed ``plugin``'s ``what``, within the deadline (its output to
    stderr, not a command's): one that does not return in time is left behind, said once,
    and raises :class:`~memdir.core.plugin_deadline.Late`; one that raises,
    :class:`~memdir.core.plugin_deadline.Failed`."""
    within, bad = plugin_deadline.seconds()
    if bad:
        _tell_once(bad)
    try:
        return plugin_deadline.run(call, within)
    except plugin_deadline.Late:
        package = _LEFT[plugin] = _PACKAGES.get(plugin, plugin)
        _BROKEN[plugin] = f"its {what} did not return in {within:g} s"
        _tell_once(
            f"plugin {plugin!r}: its {what} did not return in {within:g} s, so memdir left "
            f"it behind and runs without it; remove it (`pip uninstall {package}`) or, if "
            f"it is only slow, give it longer ({plugin_deadline.KNOB}=SECONDS)"
        )
        raise


def _not_loaded() -> str:
    """A sentence naming the plugins that could not be loaded ("" when none)."""
    if not _BROKEN:
        return ""
    names = ", ".join(f"{name!r} ({why})" for name, why in _BROKEN.items())
    return f". Installed plugins not loaded: {names}"


def _collect(hook: str, make: Callable[..., Any]) -> list[Any]:
    """What every plugin registers through ``hook``: built-ins first, in :data:`BUILTINS`
    order, then installed plugins (pluggy itself would call the last registered first)."""
    return [item for _, item in _named(hook, make)]


def _named(hook: str, make: Callable[..., Any]) -> list[tuple[str, Any]]:
    """:func:`_collect`, each with the name of the plugin that registered it. An installed
    plugin whose hook raises is left out of it with a warning (once), as one that cannot
    be loaded is; what it printed goes to stderr, not a command's output."""
    found: list[tuple[str, Any]] = []
    for impl in getattr(manager().hook, hook).get_hookimpls():
        plugin = impl.plugin_name
        if plugin in BUILTINS:
            found += _call(impl, make)
        elif plugin not in _LEFT:  # one left behind is not called again
            with contextlib.suppress(plugin_deadline.Late):
                found += _registered(plugin, hook, functools.partial(_call, impl, make))
    return found


def _registered(
    plugin: str, hook: str, call: Callable[[], list[tuple[str, Any]]]
) -> list[tuple[str, Any]]:
    """What the installed ``plugin``'s ``hook`` registers; nothing, said once, when the
    hook raises."""
    try:
        return _run(plugin, hook, call)
    except plugin_deadline.Failed as exc:
        _BROKEN.setdefault(plugin, f"{hook}: {exc}")
        _tell_once(
            f"plugin {plugin!r}: its {hook} failed, memdir runs without what it registers: {exc}"
        )
        return []


def _call(impl: Any, make: Callable[..., Any]) -> list[tuple[str, Any]]:
    """What one plugin's hook registers (all or, when it raises, nothing)."""
    out: list[tuple[str, Any]] = []

    def register(*args: Any, **kwargs: Any) -> None:
        out.append((impl.plugin_name, make(*args, **kwargs)))

    impl.function(register=register)
    return out


def _by_name(hook: str, make: Callable[..., Any], what: str) -> dict[str, Any]:
    """What ``hook`` registers, by name (a later registration wins); an installed plugin
    that replaces one of memdir's own is said, once."""
    out: dict[str, Any] = {}
    owner: dict[str, str] = {}
    for plugin, item in _named(hook, make):
        name = item.name if isinstance(item, HarnessPlugin) else item.kind
        if owner.get(name) in BUILTINS and plugin not in BUILTINS:
            _tell_once(f"plugin {plugin!r} replaces memdir's own {what} {name!r}")
        out[name], owner[name] = item, plugin
    return out


def providers() -> dict[str, Provider]:
    """Every LLM provider kind, by name (a later registration wins)."""
    return _by_name("register_providers", Provider, "llm provider")


def embedders() -> dict[str, Provider]:
    """Every embedder kind, by name."""
    return _by_name("register_embedders", Provider, "embedder")


def harnesses() -> dict[str, HarnessPlugin]:
    """Every harness, by name, in registration order."""
    return _by_name("register_harnesses", HarnessPlugin, "harness")


def harness(name: str, part: str) -> Any:
    """The ``memory`` or ``transcripts`` part of the harness ``name``."""
    found = {n: h for n, h in harnesses().items() if getattr(h, part) is not None}
    if name not in found:
        raise ValidationError(
            f"unknown harness {name!r}; use one of {', '.join(found)}", field="harness"
        )
    return getattr(found[name], part)


def bootstrap_sources() -> list[Source]:
    """Every Day-1 source, in registration order (the order proposals are shown in)."""
    return _collect("register_bootstrap_sources", Source)


def make_provider(
    spec: str,
    *,
    api_key: str | None = None,
    base_url: str | None = None,
    timeout: float | None = None,
) -> Any:
    """The provider ``spec`` (``kind:model``) names, e.g. ``rules``, ``openai:gpt-5.4-mini``.
    A missing key or model names the setting to fix. ``timeout`` (``llm_timeout``, seconds
    a model call may take) goes to a factory that takes a ``timeout`` argument."""
    kind, _, model = spec.strip().partition(":")
    found = providers()
    if kind.lower() not in found:
        usages = [p.usage for p in found.values()]
        listed = ", ".join(usages[:-1]) + f" or {usages[-1]}" if len(usages) > 1 else usages[0]
        raise ProviderError(
            f"Unknown llm {spec!r} (config.toml llm or MEMDIR_LLM); use {listed}{_not_loaded()}"
        )
    factory = found[kind.lower()].factory
    extra = {"timeout": timeout} if timeout is not None and _takes(factory, "timeout") else {}
    try:  # in memdir's thread: what it makes may be bound to it (a SQLite cache, a loop)
        made = factory(model.strip(), api_key=api_key, base_url=base_url, **extra)
    except MemdirError:
        raise
    except Exception as exc:  # a plugin's factory: said as the llm's error, no traceback
        raise ProviderError(
            f"llm {spec!r}: its factory failed: {type(exc).__name__}: {exc}"
        ) from exc
    if not all(callable(getattr(made, m, None)) for m in ("extract", "consolidate")):
        raise ProviderError(
            f"llm {spec!r}: its plugin's factory returned {type(made).__name__}, not a memdir "
            "provider: subclass memdir.pipeline.providers.ChatProvider (and answer a prompt "
            "in complete(system, user)) or Provider"
        )
    return made


def _takes(function: Callable[..., Any], name: str) -> bool:
    """Whether ``function`` accepts the keyword argument ``name`` (a plugin's factory
    written before it existed does not)."""
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(
        (p.name == name and p.kind is not p.POSITIONAL_ONLY) or p.kind is p.VAR_KEYWORD
        for p in parameters
    )


def make_embedder(spec: str | None, base_url: str | None, api_key: str | None) -> Any:
    """The embedder ``spec`` (``kind:model``) names, or None when it is empty."""
    if not spec or not spec.strip():
        return None
    kind, _, model = spec.strip().partition(":")
    found = embedders()
    if kind not in found or not model:
        usages = " or ".join(p.usage for p in found.values())
        raise EmbedError(f"MEMDIR_EMBED={spec!r}: use {usages}")
    return found[kind].factory(model, base_url, api_key)
