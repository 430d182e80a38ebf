"""An import-linter contract: a package imports only the standard library and
itself, and any modules named in ``also`` (a pure package that shares the
rules core's card parsing). (The built-in "forbidden" contract needs every
third-party package named in advance; this one forbids whatever is not the
standard library.)"""

from __future__ import annotations

import sys

from importlinter import Contract, ContractCheck, fields, output


class StdlibOnlyContract(Contract):
    package = fields.StringField()
    also = fields.ListField(subfield=fields.StringField(), required=False)

    def check(self, graph, verbose: bool) -> ContractCheck:  # type: ignore[no-untyped-def]
        package = self.package
        modules = {package} | graph.find_descendants(package)
        also = set(self.also or [])
        violations = []
        for importer in sorted(modules):
            for imported in sorted(graph.find_modules_directly_imported_by(importer)):
                if imported == package or imported.startswith(package + "."):
                    continue
                if imported in also or imported.split(".")[0] in sys.stdlib_module_names:
                    continue
                lines = [
                    detail["line_number"]
                    for detail in graph.get_import_details(importer=importer, imported=imported)
                ]
                violations.append((importer, imported, lines))
        return ContractCheck(kept=not violations, metadata={"violations": violations})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for importer, imported, lines in check.metadata["violations"]:
            where = ", ".join(f"l.{line}" for line in lines)
            output.print_error(f"{importer} imports {imported} ({where}), which is not the standard library")
            output.new_line()
