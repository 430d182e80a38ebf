"""Compliance: verifying the audit trail, and exports.

- ``audit_routes.py``, ``audit_schemas.py``, ``figures_check_schemas.py``:
  verifications of the trail (``accounting_verify_schemas.py``: their
  accounting part)
- ``export_routes.py``, ``export_schemas.py``: compliance exports
- ``job_views.py``: what an export and a verification show alike (who
  asked, the progress, a page of them)
"""
