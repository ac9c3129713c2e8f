"""Translations of the IaC texts: the checker's report and findings, Terraform conversion
warnings and errors, building-block summaries, and the offline engine's answers.

Keyed by the English `iaccode.iac.msg.Msg` template (or the offline engine's English text); each
entry has the six other languages with exactly the English placeholders. Names in backticks,
codes, resource types, property and section names (Resources, DependsOn, Fn::GetAtt ...) are
ROS syntax and stay as they are in every language.
"""

from __future__ import annotations

IAC_CATALOG: dict[str, dict[str, str]] = {}
