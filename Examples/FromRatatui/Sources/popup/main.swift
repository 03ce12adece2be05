import RatatuiPorts

await runPort(PopupExample())
