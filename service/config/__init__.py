"""Settings from the environment, the instance folder, the software's
version, and where Redis is (REDIS_URL, or the embedded one started here).

May import: jobs (the queue names) and below.
"""
