"""The infrastructure-as-code domain: checking ROS templates, converting Terraform, composing
templates from building blocks.

This layer imports nothing from the other iaccode layers (beyond `wire`) and never touches trio
or sockets; it is synchronous and CPU-bound, so callers on the event loop run it in a worker
thread. Only `terraform.collect_terraform_files` and `collect_used_files` read files (a Terraform
directory).
"""
