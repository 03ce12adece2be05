import RatatuiPorts

await runPort(UserInputExample())
