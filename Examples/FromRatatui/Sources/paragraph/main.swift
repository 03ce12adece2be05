import RatatuiPorts

await runPort(ParagraphExample())
