"""The infrastructure-as-code domain: ROS template loading and checking, as pure functions.

This layer imports nothing from the other iaccode layers and never touches trio, sockets or files;
callers hand it template text and get values back (see `ros_check.check_template`).
"""
