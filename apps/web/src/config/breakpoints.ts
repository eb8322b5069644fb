// The widths the layout changes at (MUI's breakpoint names), in CSS pixels. The theme builds its media
// queries from them; the end-to-end layout checks resize to them.
export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;
