; Inno Setup 6 script for the ddaydesk Windows installer.
; Build it with `py packaging\build.py` (packaging/windows_installer.py passes the
; defines below); by hand:
;   iscc /DAppVersion=0.1.0 /DVersionQuad=0.1.0.0 /DSourceDir=dist\ddaydesk
;        /DOutputDir=dist /DRootDir=. packaging\windows\ddaydesk.iss
; Per-user install without admin rights (an admin may choose all users in the dialog),
; Start-menu entry, uninstaller, .ddaysave files opened by ddaydesk.

#ifndef AppVersion
  #error Pass /DAppVersion=X.Y.Z (packaging/windows_installer.py does)
#endif
#ifndef VersionQuad
  #error Pass /DVersionQuad=X.Y.Z.0
#endif
#ifndef SourceDir
  #error Pass /DSourceDir=<the PyInstaller one-folder build, dist\ddaydesk>
#endif
#ifndef OutputDir
  #error Pass /DOutputDir=<folder for the setup executable>
#endif
#ifndef RootDir
  #error Pass /DRootDir=<the repository root>
#endif

#define AppName "ddaydesk"
#define AppExe "ddaydesk.exe"
#define SaveExt ".ddaysave"
#define SaveProgId "ddaydesk.save"

[Setup]
; Never change AppId: it ties upgrades and the uninstaller to earlier installs.
AppId={{6B1C7E52-3D0A-4F4B-9C55-2B7E9A0D1D7A}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=ddaydesk developers
AppComments=Hot-seat D-Day board wargames with the rules enforced
VersionInfoVersion={#VersionQuad}
VersionInfoProductVersion={#VersionQuad}
VersionInfoDescription={#AppName} {#AppVersion} setup
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
ChangesAssociations=yes
OutputDir={#OutputDir}
OutputBaseFilename={#AppName}-{#AppVersion}-windows-x86_64-setup
SetupIconFile={#RootDir}\assets\icons\ddaydesk.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName} {#AppVersion}
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[InstallDelete]
; An upgrade replaces the whole one-folder build, so no stale library survives it.
Type: filesandordirs; Name: "{app}\_internal"

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Registry]
; File association. HKA is HKCU for a per-user install and HKLM for all users.
Root: HKA; Subkey: "Software\Classes\{#SaveExt}"; ValueType: string; ValueName: ""; ValueData: "{#SaveProgId}"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\{#SaveExt}\OpenWithProgids"; ValueType: string; ValueName: "{#SaveProgId}"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\{#SaveProgId}"; ValueType: string; ValueName: ""; ValueData: "ddaydesk saved game"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\{#SaveProgId}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#AppExe},0"
; `gui FILE`: the explicit command, so a path is never read as a command name.
Root: HKA; Subkey: "Software\Classes\{#SaveProgId}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" gui ""%1"""
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: "{#SaveExt}"; ValueData: ""; Flags: uninsdeletekey

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
