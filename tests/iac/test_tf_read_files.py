"""Files a Terraform configuration reads besides its .tf files: `file()`, `filebase64()`,
`templatefile()`, and an FC function's `filename` (the provider sends the file as the code's
ZipFile). Relative paths start at the root module's folder, where Terraform runs; the files are
collected from a real workspace folder; compatible mode says what its Workspace cannot carry."""

from __future__ import annotations

import base64
import textwrap
from pathlib import Path

from iaccode.iac.ros_check import check_template
from iaccode.iac.terraform import (
    Conversion,
    collect_used_files,
    convert_terraform,
    wrap_notes,
)
from iaccode.iac.tf_select import NAMED_FILE_BYTES

CODE = "def handler(event, context):\n    return 'hello'\n"
ZIP = b"PK\x03\x04\x14\x00\x00\x00\x08\x00\xff\xfe binary"


def workspace(tmp_path: Path, **files: str | bytes) -> Path:
    """Write `files` (`__` for `/`, the last `_` for `.`) under `tmp_path` and return it."""
    for name, content in files.items():
        stem, _, suffix = name.replace("__", "/").rpartition("_")
        path = tmp_path / f"{stem}.{suffix}"
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(textwrap.dedent(content))
    return tmp_path


def converted(folder: Path, root: str = "") -> Conversion:
    conversion = convert_terraform(collect_used_files(folder, root), root=root)
    report = check_template(conversion.to_yaml())
    assert report.ok, report.to_text()
    return conversion


def properties(conversion: Conversion, name: str) -> dict[str, object]:
    return conversion.template["Resources"][name]["Properties"]


def function(*arguments: str) -> str:
    """An FC function `f` with these arguments besides the required ones."""
    lines = "\n".join(f"  {argument}" for argument in arguments)
    return (
        'resource "alicloud_fc_function" "f" {\n  service = "svc"\n  name = "f"\n'
        f'  runtime = "python3.10"\n  handler = "index.handler"\n{lines}\n}}\n'
    )


FUNCTION_MODULE = """
    variable "filename" {
      type    = string
      default = ""
    }
    resource "alicloud_fc_function" "f" {
      service  = "svc"
      name     = "f"
      runtime  = "python3.10"
      handler  = "index.handler"
      filename = var.filename == "" ? null : var.filename
    }
"""


def example_calling_the_module(tmp_path: Path) -> Path:
    """The module at the top, the code beside the example folders, an example naming it."""
    return workspace(
        tmp_path,
        main_tf=FUNCTION_MODULE,
        examples__code_py=CODE,
        examples__http__main_tf="""
            module "fc" {
              source   = "../.."
              filename = "../code.py"
            }
        """,
    )


def test_an_fc_functions_file_named_from_an_example_folder_becomes_its_zip_file(
    tmp_path: Path,
) -> None:
    folder = example_calling_the_module(tmp_path)
    files = collect_used_files(folder, "examples/http")
    assert files["examples/code.py"] == CODE  # named from the root module's folder
    conversion = converted(folder, "examples/http")
    code = properties(conversion, "FcFunction_fc__f")["Code"]
    # The provider reads the file and sends its bytes in base64, as ROS's ZipFile takes them.
    assert code == {"ZipFile": base64.b64encode(CODE.encode()).decode()}
    assert conversion.summary.lossy == 0, conversion.warnings


def test_no_filename_sends_no_zip_file_and_the_oss_code_stays(tmp_path: Path) -> None:
    folder = workspace(
        tmp_path,
        main_tf=function(
            'filename = "" == "" ? null : "x.zip"',
            'oss_bucket = "code-bucket"',
            'oss_key = "f.zip"',
        ),
    )
    conversion = converted(folder)
    assert properties(conversion, "FcFunction_f")["Code"] == {
        "OssBucketName": "code-bucket",
        "OssObjectName": "f.zip",
    }
    assert conversion.summary.lossy == 0, conversion.warnings


def test_a_binary_package_is_not_read_and_its_zip_file_is_a_parameter(tmp_path: Path) -> None:
    folder = workspace(
        tmp_path,
        code_zip=ZIP,
        main_tf=function('filename = "code.zip"'),
    )
    assert "code.zip" not in collect_used_files(folder)  # a Workspace holds UTF-8 text only
    conversion = converted(folder)
    code = properties(conversion, "FcFunction_f")["Code"]
    assert code == {"ZipFile": {"Ref": "FcFunction_f_ZipFile"}}
    assert any(
        "reads a file that is not in the Terraform files it was given" in warning
        for warning in conversion.warnings
    )
    notes = [note.render() for note in wrap_notes(collect_used_files(folder))]
    assert any("reads code.zip, which is not in the Workspace" in note for note in notes)


def test_a_path_known_only_at_deploy_time_is_not_converted_and_said_so(tmp_path: Path) -> None:
    folder = workspace(
        tmp_path,
        main_tf="""
            variable "zip" {
              type    = string
              default = ""
            }
            """
        + function(
            'filename = var.zip == "" ? null : var.zip',
            'oss_bucket = "code-bucket"',
            'oss_key = "f.zip"',
        ),
    )
    conversion = converted(folder)
    # ROS cannot read a local file when it creates the stack: the OSS code stays alone.
    assert properties(conversion, "FcFunction_f")["Code"] == {
        "OssBucketName": "code-bucket",
        "OssObjectName": "f.zip",
    }
    assert any(
        "filename not converted (its path is only known at deploy time, when ROS cannot read "
        "a local file)" in warning
        for warning in conversion.warnings
    )
    assert "FcFunction_f_ZipFile" not in conversion.template.get("Parameters", {})


def test_relative_paths_start_at_the_root_module_and_path_module_at_its_own_folder(
    tmp_path: Path,
) -> None:
    folder = workspace(
        tmp_path,
        modules__vm__boot_sh="#!/bin/sh\necho ${port}\n",
        modules__vm__main_tf="""
            resource "alicloud_instance" "vm" {
              instance_type = "ecs.g7.large"
              image_id      = "img"
              user_data     = templatefile("${path.module}/boot.sh", { port = 8080 })
            }
        """,
        examples__complete__policy_json='{"Version": "1"}',
        examples__complete__main_tf="""
            module "vm" {
              source = "../../modules/vm"
            }
            resource "alicloud_vpc" "v" {
              description = file("policy.json")
            }
        """,
        examples__complete__notes_txt="not read",  # named by no string
    )
    files = collect_used_files(folder, "examples/complete")
    assert "modules/vm/boot.sh" in files and "examples/complete/policy.json" in files
    assert "examples/complete/notes.txt" not in files
    conversion = converted(folder, "examples/complete")
    assert properties(conversion, "Vpc_v")["Description"] == '{"Version": "1"}'
    assert properties(conversion, "Instance_vm__vm")["UserData"] == "#!/bin/sh\necho 8080\n"
    assert wrap_notes(files, "examples/complete")[1:] == ()  # only where the files went


def test_files_outside_the_workspace_or_past_the_limits_are_not_read(tmp_path: Path) -> None:
    outside = tmp_path / "secret.txt"
    outside.write_text("do not read")
    folder = workspace(
        tmp_path / "ws",
        a_txt="a",
        b_txt="b" * 100,
        main_tf="""
            resource "alicloud_vpc" "v" {
              description = join(",", [file("a.txt"), file("b.txt"), file("../secret.txt")])
            }
        """,
    )
    (folder / "link.txt").symlink_to(outside)
    (folder / "other.tf").write_text('locals {\n  l = file("link.txt")\n}\n')
    files = collect_used_files(folder)
    assert "link.txt" not in files and not any("secret" in name for name in files)
    # One more file than .tf files fits: the first named one is read, the rest is not.
    assert set(collect_used_files(folder, max_files=3)) == {"main.tf", "other.tf", "a.txt"}
    tf_bytes = sum(len(path.read_bytes()) for path in folder.glob("*.tf"))
    # Past the byte limit: what fits is read (a.txt), the rest (b.txt) is not.
    assert set(collect_used_files(folder, max_bytes=tf_bytes + 50)) == {
        "main.tf",
        "other.tf",
        "a.txt",
    }


def test_compatible_mode_says_a_path_leaving_the_root_module_leads_nowhere(
    tmp_path: Path,
) -> None:
    folder = example_calling_the_module(tmp_path)
    notes = [
        note.render()
        for note in wrap_notes(collect_used_files(folder, "examples/http"), "examples/http")
    ]
    assert any(
        "The path ../code.py names examples/code.py from the root module's folder" in note
        for note in notes
    )


def test_a_layers_zip_file_in_the_workspace_becomes_its_zip_file(tmp_path: Path) -> None:
    folder = workspace(
        tmp_path,
        layer__lib_py=CODE,
        main_tf="""
            resource "alicloud_fc_layer_version" "l" {
              layer_name         = "layer"
              compatible_runtime = ["python3.10"]
              zip_file           = "${path.module}/layer/lib.py"
            }
        """,
    )
    conversion = converted(folder)
    code = properties(conversion, "FcLayerVersion_l")["Code"]
    assert code == {"ZipFile": base64.b64encode(CODE.encode()).decode()}


def test_state_hidden_and_looping_files_are_never_read(tmp_path: Path) -> None:
    folder = workspace(
        tmp_path,
        terraform_tfstate='{"secret": "state"}',
        dotenv__env_txt="SECRET=1",
        main_tf="""
            terraform {
              backend "local" {
                path = "terraform.tfstate"
              }
            }
            data "terraform_remote_state" "net" {
              backend = "local"
              config  = { path = "terraform.tfstate" }
            }
            resource "alicloud_vpc" "v" {
              # description = file("notes.txt")
              description = join(",", [file(".hidden/env.txt"), file("loop/x")])
            }
        """,
    )
    (folder / ".hidden").symlink_to(folder / "dotenv")
    (folder / "notes.txt").write_text("only named in a comment")
    (folder / "loop").symlink_to(folder / "loop")  # a symlink loop: no crash
    files = collect_used_files(folder)
    assert set(files) == {"main.tf"}


def test_compatible_mode_warns_only_about_files_terraform_reads_and_lacks(
    tmp_path: Path,
) -> None:
    folder = workspace(
        tmp_path,
        main_tf="""
            resource "local_file" "out" {
              filename = "written.txt"
              content  = "made by Terraform"
            }
            data "archive_file" "code" {
              type        = "zip"
              source_file = "${path.module}/src.py"
              output_path = "code.zip"
            }
            resource "alicloud_fc_function" "f" {
              service  = "svc"
              name     = "f"
              runtime  = "python3.10"
              handler  = "index.handler"
              filename = "code.zip"
            }
            resource "alicloud_vpc" "v" {
              description = fileexists("maybe.txt") ? file("maybe.txt") : ""
            }
            resource "alicloud_vpc" "w" {
              description = file("missing.txt")
            }
        """,
    )
    notes = [note.render() for note in wrap_notes(collect_used_files(folder))]
    assert notes == [
        "The configuration reads missing.txt, which is not in the Workspace (missing, or not "
        "UTF-8 text), so Terraform fails to read it when ROS deploys the stack."
    ]


def test_a_root_path_leaving_its_folder_is_said_to_lead_nowhere(tmp_path: Path) -> None:
    folder = workspace(
        tmp_path,
        examples__shared_sh="#!/bin/sh\n",
        examples__one__main_tf="""
            resource "alicloud_instance" "vm" {
              instance_type = "ecs.g7.large"
              image_id      = "img"
              user_data     = file("${path.root}/../shared.sh")
            }
        """,
    )
    files = collect_used_files(folder, "examples/one")
    assert files["examples/shared.sh"] == "#!/bin/sh\n"
    notes = [note.render() for note in wrap_notes(files, "examples/one")]
    assert any("The path ${path.root}/../shared.sh names examples/shared.sh" in n for n in notes)


def test_a_named_file_past_its_own_limit_is_not_read(tmp_path: Path) -> None:
    folder = workspace(
        tmp_path,
        big_sh="#" * (NAMED_FILE_BYTES + 1),
        small_sh="echo hi\n",
        main_tf="""
            resource "alicloud_vpc" "v" {
              description = join(",", [file("big.sh"), file("small.sh")])
            }
        """,
    )
    assert set(collect_used_files(folder)) == {"main.tf", "small.sh"}


def test_a_file_read_from_a_path_known_at_deploy_time_becomes_a_parameter(
    tmp_path: Path,
) -> None:
    folder = workspace(
        tmp_path,
        main_tf="""
            variable "script" {
              type = string
            }
            resource "alicloud_vpc" "v" {
              description = file(var.script)
            }
        """,
    )
    conversion = converted(folder)
    assert properties(conversion, "Vpc_v")["Description"] == {"Ref": "Vpc_v_Description"}
    assert any(
        "reads a file whose path is only known at deploy time" in w for w in conversion.warnings
    )
