"""RQ jobs: thin wrappers around the service's use cases. Nothing is built
at import time; each worker process opens its database on first use."""
