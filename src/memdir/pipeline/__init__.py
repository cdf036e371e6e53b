"""The background pipeline: extraction with a signal gate, consolidation, forgetting,
decay. (docs/design/pipeline.md)."""

from typing import TYPE_CHECKING

from ..core.lazy import lazy

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

# Imported on first use: `memdir context` needs only a little of this package.
__getattr__ = lazy(
    __name__,
    {
        ".answers": ("Candidate", "OpSpec"),
        ".jobs": ("Job", "JobQueue"),
        ".providers": (
            "AnthropicProvider",
            "ChatProvider",
            "Consolidation",
            "Extraction",
            "OpenAIProvider",
            "Provider",
            "make_provider",
        ),
        ".rules": ("RulesProvider",),
        ".run": ("MODEL_CALLS", "Pipeline", "RunReport"),
        ".transcript": ("Transcript", "build_transcript"),
        "memdir.core.errors": ("LeaseLostError", "ProviderError", "SchemaError"),
        "memdir.sessions.usage": ("Tombstones", "Usage", "parse_citations"),
    },
)

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
