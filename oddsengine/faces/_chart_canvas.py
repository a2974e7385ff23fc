"""The calculator chart's canvas: matplotlib's Agg canvas, with a renderer that keeps
the texts it has laid out and the glyphs it has rendered.

Agg lays out every text and renders every glyph of it with FreeType on each draw (about
1.5 ms to lay out a legend's line, 75 µs a glyph): more than half of a chart redrawn on
every change of the calculator, for texts that are mostly those of the last drawing (the
tick labels, the axis labels, the legend's sides). The renderer here keeps a text's
layout (its glyphs and their places, decided by the font, its size, the resolution and
the string) and each glyph's bitmap, by what decides it: the font, size, resolution,
glyph, rotation, hinting, and where the glyph falls within a pixel (a 64th of a pixel,
FreeType's unit). A glyph placed a whole number of pixels further is the same bitmap moved
by those pixels, so the pixels drawn are those Agg draws (a test compares the PNGs). It
also keeps each font's ascent, descent and line gap, which ``Text`` reads from the font's
tables for every line it lays out.

With a matplotlib that does not render texts glyph by glyph (before 3.11), and for
mathematical text, the renderer draws and measures as Agg does.
"""

from __future__ import annotations

import math

import matplotlib as mpl
import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg, RendererAgg, get_hinting_flag
from matplotlib.ft2font import FT2Font

from oddsengine.kept import Kept

try:
    from matplotlib.ft2font import RenderMode
except ImportError:  # an older matplotlib, which draws a text in one bitmap
    RenderMode = None

__all__ = ["ChartCanvas"]

#: Whether this matplotlib renders a text glyph by glyph (what the renderer keeps).
_GLYPH_BY_GLYPH = (
    RenderMode is not None
    and hasattr(RendererAgg, "_draw_text_glyphs_and_boxes")
    and all(hasattr(FT2Font, name) for name in ("_layout", "_set_transform", "_render_glyph"))
)
#: Texts laid out and glyphs rendered, kept for every chart (a few hundred of each).
_LAYOUTS = Kept(2_000)
_GLYPHS = Kept(20_000)
_METRICS = Kept(200)
#: The settings that decide which font a font's properties find (those by which
#: matplotlib keeps the fonts it found).
_FONT_SETTINGS = tuple(
    f"font.{key}"
    for key in ("family", "style", "variant", "weight", "stretch", "size", "serif", "sans-serif",
                "cursive", "fantasy", "monospace")
)  # fmt: skip


class ChartCanvas(FigureCanvasAgg):
    """An Agg canvas whose renderer keeps laid out texts and rendered glyphs."""

    def get_renderer(self):
        """The renderer, made anew only when the size or resolution changes (as Agg's)."""
        width, height = self.get_width_height(physical=True)
        key = width, height, self.figure.dpi
        if self._lastKey != key:
            self.renderer = _KeptGlyphsRenderer(width, height, self.figure.dpi)
            self._lastKey = key
        return self.renderer


class _KeptGlyphsRenderer(RendererAgg):
    """Agg's renderer, drawing a plain text from kept layouts and glyph bitmaps."""

    def draw_text(self, gc, x, y, s, prop, angle, ismath=False, mtext=None):
        """Draw ``s`` as :meth:`RendererAgg.draw_text` does, from kept glyphs."""
        if ismath or not _GLYPH_BY_GLYPH:
            return super().draw_text(gc, x, y, s, prop, angle, ismath=ismath, mtext=mtext)
        features = mtext.get_fontfeatures() if mtext is not None else None
        language = mtext.get_language() if mtext is not None else None
        flags = get_hinting_flag()
        font = self._prepare_font(prop)
        size = prop.get_size_in_points()
        try:
            layout_key = (font, size, self.dpi, flags, s, _hashable(features), _hashable(language))
        except TypeError:  # an option that cannot be a key: drawn as Agg draws it
            return super().draw_text(gc, x, y, s, prop, angle, ismath=ismath, mtext=mtext)
        glyphs = _LAYOUTS.get(layout_key)
        if glyphs is None:
            items = font._layout(s, flags=flags, features=features, language=language)
            glyphs = _LAYOUTS.keep(
                layout_key,
                tuple((item.ft_object, item.glyph_index, item.x, item.y) for item in items),
            )
        self._draw_glyphs(gc, x, y, angle, size, flags, glyphs)
        return None

    def _get_font_height_metrics(self, prop):
        """The ascent, descent and line gap of ``prop``'s font, as ``Text`` reads them
        from the font's tables for every text it lays out (matplotlib asks a renderer
        that has this method first), kept by the font's properties, this resolution and
        the font settings in effect."""
        if not _GLYPH_BY_GLYPH:
            return None, None, None  # Text reads them itself
        settings = tuple(_hashable(mpl.rcParams[name]) for name in _FONT_SETTINGS)
        key = (prop, self.dpi, settings)  # two properties are equal when their hashes are
        kept = _METRICS.get(key)
        if kept is None:
            metrics = _font_height_metrics(prop, self.dpi)
            kept = _METRICS.keep((prop.copy(), self.dpi, settings), metrics)
        return kept

    def _draw_glyphs(self, gc, x, y, angle, size, flags, glyphs) -> None:
        """Draw laid out glyphs at ``(x, y)`` (``y`` downwards), each from its kept bitmap
        (placed as in ``RendererAgg._draw_text_glyphs_and_boxes``)."""
        cos = math.cos(math.radians(angle))
        sin = math.sin(math.radians(angle))
        # The same rotation as Agg's (no slant, no stretch), in FreeType's 16.16 units.
        matrix = (0x10000 * np.array([[cos, -sin], [sin, cos]])).round().astype(int)
        rotation = tuple(matrix.flat)
        antialiased = bool(gc.get_antialiased())
        mode = RenderMode.NORMAL if antialiased else RenderMode.MONO
        height = self.height
        for font, glyph_index, dx, dy in glyphs:  # dy is upwards
            # Where the glyph's origin falls, in 64ths of a pixel (FreeType's y upwards).
            across = round(0x40 * (x + dx * cos - dy * sin))
            up = round(0x40 * (height - y + dx * sin + dy * cos))
            whole_x, part_x = divmod(across, 0x40)
            whole_y, part_y = divmod(up, 0x40)
            key = (font, size, self.dpi, glyph_index, rotation, part_x, part_y, flags, antialiased)
            kept = _GLYPHS.get(key)
            if kept is None:
                font.set_size(size, self.dpi)
                font._set_transform(matrix, [across, up])
                bitmap = font._render_glyph(glyph_index, flags, mode)
                buffer = np.array(bitmap.buffer)
                if not antialiased:
                    buffer *= 0xFF
                kept = _GLYPHS.keep(key, (buffer, bitmap.left - whole_x, bitmap.top - whole_y))
            buffer, left, top = kept
            # draw_text_image's y is downwards, at the bitmap's bottom side.
            self._renderer.draw_text_image(
                buffer, left + whole_x, int(height) - (top + whole_y) + buffer.shape[0], 0, gc
            )


def _font_height_metrics(prop, dpi) -> tuple:
    """The ascent, descent and line gap of ``prop``'s font at ``dpi``, read as
    ``Text._get_layout`` reads them (its OS/2 table, or else its hhea table); Nones when
    the font has neither (``Text`` then measures them)."""
    from matplotlib.font_manager import fontManager, get_font

    font = get_font(fontManager._find_fonts_by_props(prop))
    possible = [
        ("OS/2", "sTypoLineGap", "sTypoAscender", "sTypoDescender"),
        ("hhea", "lineGap", "ascent", "descent"),
    ]
    for table_name, line_gap_key, ascent_key, descent_key in possible:
        table = font.get_sfnt_table(table_name)
        if table is None:
            continue
        units_per_em = font.get_sfnt_table("head")["unitsPerEm"]
        # The same arithmetic in the same order as matplotlib's: the same floats.
        scale = 1 / units_per_em * prop.get_size_in_points() * dpi / 72
        return table[ascent_key] * scale, -table[descent_key] * scale, table[line_gap_key] * scale
    return None, None, None


def _hashable(option):
    """A font option (features, language) as a key: lists become tuples."""
    if isinstance(option, list):
        return tuple(_hashable(part) for part in option)
    return option
