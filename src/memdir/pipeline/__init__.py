"""The background pipeline: extraction with a signal gate, consolidation, forgetting,
decay. (docs/design/pipeline.md)."""

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..core.errors import LeaseLostError, ProviderError, SchemaError
    from ..sessions.usage import Tombstones, Usage, parse_citations
    from .answers import Candidate, OpSpec
    from .jobs import Job, JobQueue
    from .providers import (
        AnthropicProvider,
        ChatProvider,
        Consolidation,
        Extraction,
        OpenAIProvider,
        Provider,
        make_provider,
    )
    from .rules import RulesProvider
    from .run import MODEL_CALLS, Pipeline, RunReport
    from .transcript import Transcript, build_transcript

# Imported on first use (PEP 562): `memdir context` needs only a little of this package.
_WHERE = {
    "AnthropicProvider": "providers",
    "Candidate": "answers",
    "ChatProvider": "providers",
    "Consolidation": "providers",
    "Extraction": "providers",
    "Job": "jobs",
    "JobQueue": "jobs",
    "LeaseLostError": "memdir.core.errors",
    "MODEL_CALLS": "run",
    "OpSpec": "answers",
    "OpenAIProvider": "providers",
    "Pipeline": "run",
    "Provider": "providers",
    "ProviderError": "memdir.core.errors",
    "RulesProvider": "rules",
    "RunReport": "run",
    "SchemaError": "memdir.core.errors",
    "Tombstones": "memdir.sessions.usage",
    "Transcript": "transcript",
    "Usage": "memdir.sessions.usage",
    "build_transcript": "transcript",
    "make_provider": "providers",
    "parse_citations": "memdir.sessions.usage",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    where = module if "." in module else f"{__name__}.{module}"
    return getattr(importlib.import_module(where), name)


__all__ = [
    "MODEL_CALLS",
    "AnthropicProvider",
    "Candidate",
    "ChatProvider",
    "Consolidation",
    "Extraction",
    "Job",
    "JobQueue",
    "LeaseLostError",
    "OpSpec",
    "OpenAIProvider",
    "Pipeline",
    "Provider",
    "ProviderError",
    "RulesProvider",
    "RunReport",
    "SchemaError",
    "Tombstones",
    "Transcript",
    "Usage",
    "build_transcript",
    "make_provider",
    "parse_citations",
]
