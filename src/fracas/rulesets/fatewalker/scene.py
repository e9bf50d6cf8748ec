"""The scene a `fatewalker` fight plays in (the scenario's `map:`): the light, the weather,
and lights that pick targets out of the dark (Range and Visibility chart, L1511-1526). Open
ground otherwise: positions are metres, and no walls or terrain are drawn (yet)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, Strict

from fracas.rulesets.fatewalker.sheet import METRES_MAX, Metres

Light = Literal["day", "low_light", "bright_night", "dark_night"]
Weather = Literal["clear", "light_fog", "light_rain", "fog", "rain", "heavy_fog", "heavy_rain"]


class Lamp(BaseModel):
    """ "Lighting: No darkness penalties within range of illumination"."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    x: Metres
    y: Metres
    radius: Annotated[float, Strict(), Field(gt=0, le=METRES_MAX, allow_inf_nan=False)]


class Scene(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    light: Light = "day"
    weather: Weather = "clear"
    lights: tuple[Lamp, ...] = ()
