"""Extra pylint checkers."""
import astroid
from pylint.checkers import BaseChecker


class PackChecker(BaseChecker):
    name = "pylint-pack"
    msgs = {
        "W9001": ("print() call in library code", "pp-print-in-lib", "Use logging instead of print in libraries."),
        "W9002": ("requests call without timeout", "pp-requests-no-timeout", "Always pass timeout= to requests calls."),
        "W9003": ("mutable default in dataclass field", "pp-mutable-dataclass-default", "Use field(default_factory=...)."),
        "W9004": ("assert used outside tests", "pp-assert-outside-tests", "Raise an exception instead of assert."),
    }

    def visit_call(self, node: astroid.Call) -> None:
        func = node.func
        if isinstance(func, astroid.Name) and func.name == "print" and "test" not in node.root().file:
            self.add_message("pp-print-in-lib", node=node)
        if isinstance(func, astroid.Attribute) and func.attrname in {"get", "post", "put", "delete", "patch"}:
            if isinstance(func.expr, astroid.Name) and func.expr.name == "requests":
                if not any(k.arg == "timeout" for k in node.keywords or []):
                    self.add_message("pp-requests-no-timeout", node=node)

    def visit_assert(self, node) -> None:
        if "test" not in (node.root().file or ""):
            self.add_message("pp-assert-outside-tests", node=node)


def register(linter):
    linter.register_checker(PackChecker(linter))
