"""What a table's configuration versions, its schedule and a configuration's
preview look like as JSON (the admin page reads them to edit a table)."""

from __future__ import annotations

from service.api.http.answers import answer
from service.tables.config_preview import ConfigPreviewJson, PayLineJson
from service.tables.versions import ConfigVersionJson, ScheduleJson

ConfigVersionSchema = answer(ConfigVersionJson, "ConfigVersionSchema")


TableScheduleSchema = answer(ScheduleJson, "TableScheduleSchema")


PayLineSchema = answer(PayLineJson, "PayLineSchema")


ConfigPreviewSchema = answer(ConfigPreviewJson, "ConfigPreviewSchema")
