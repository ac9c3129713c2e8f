"""Translations of the IaC texts, one module per language (see `iaccode.agent.i18n_iac`)."""
