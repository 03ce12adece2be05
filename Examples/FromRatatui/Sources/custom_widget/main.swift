import RatatuiPorts

await runPort(CustomWidgetExample())
