"""The role matrix: every role against every endpoint, and every endpoint
without a valid token; its fixtures (in its conftest) stay in this folder."""
