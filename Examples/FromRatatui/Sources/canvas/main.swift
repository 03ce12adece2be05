import RatatuiPorts

await runPort(CanvasExample())
